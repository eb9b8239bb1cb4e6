import { organizationSchema } from '@carecode/domain/organizations/organization.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `POST /invitations/{token}/accept`: the signed-in account joins; answers the organisation. */
export const acceptInvitation = async (token: string) =>
  organizationSchema.parse(
    await apiFetch(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
  );

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
