import { invitationPreviewSchema } from '@carecode/domain/organizations/organization.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `GET /invitations/{token}` (no sign-in needed): what the link offers, and whether it is open. */
export const getInvitation = async (token: string, signal?: AbortSignal) =>
  invitationPreviewSchema.parse(
    await apiFetch(`/invitations/${encodeURIComponent(token)}`, { signal, auth: false }),
  );

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: organizationKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
  });
