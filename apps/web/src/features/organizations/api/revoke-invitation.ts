import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `DELETE /organizations/{id}/invitations/{invitationId}` (admins): the link stops working. */
export const revokeInvitation = ({
  organizationId,
  invitationId,
}: {
  organizationId: string;
  invitationId: string;
}) =>
  apiFetch<void>(
    `/organizations/${encodeURIComponent(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
    { method: 'DELETE' },
  );

export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation({ organizationId, invitationId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.audit(organizationId) });
    },
  });
}
