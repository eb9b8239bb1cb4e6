/** Query keys of this feature; mutations invalidate by the `all` prefix. */
export const qrCodeKeys = {
  all: ['qr-codes'] as const,
  /** The personal list; it is also the prefix of every organisation's list. */
  list: () => [...qrCodeKeys.all, 'list'] as const,
  /** The codes of one organisation. */
  organizationList: (organizationId: string) =>
    [...qrCodeKeys.list(), 'organization', organizationId] as const,
  /** The list a code appears in: its organisation's, or the personal one. */
  listOf: (organizationId: string | null | undefined) =>
    organizationId ? qrCodeKeys.organizationList(organizationId) : qrCodeKeys.list(),
  detail: (id: string) => [...qrCodeKeys.all, 'detail', id] as const,
};
