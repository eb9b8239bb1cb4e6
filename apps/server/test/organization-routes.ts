/**
 * Routes whose answers depend on the caller's role in an organisation: the organisation matrix
 * (organization-matrix.test.ts) covers them, not the general one.
 */
export const coveredByOrganizationMatrix = (url: string) =>
  url.startsWith('/api/organizations') || url.startsWith('/api/invitations');
