/** Query keys of this feature; mutations invalidate by the `all` prefix. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
  audit: (id: string) => [...organizationKeys.all, 'audit', id] as const,
  invitation: (token: string) => [...organizationKeys.all, 'invitation', token] as const,
};
