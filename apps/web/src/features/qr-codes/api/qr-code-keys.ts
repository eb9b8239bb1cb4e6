/** Query keys of this feature; mutations invalidate by the `all` prefix. */
export const qrCodeKeys = {
  all: ['qr-codes'] as const,
  list: () => [...qrCodeKeys.all, 'list'] as const,
  detail: (id: string) => [...qrCodeKeys.all, 'detail', id] as const,
};
