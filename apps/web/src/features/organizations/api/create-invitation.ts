import {
  invitationSchema,
  type InvitationInput,
} from '@carecode/domain/organizations/organization.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `POST /organizations/{id}/invitations` (admins): mails a link; again to one address renews it. */
export const createInvitation = async ({
  organizationId,
  input,
}: {
  organizationId: string;
  input: InvitationInput;
}) =>
  invitationSchema.parse(
    await apiFetch(`/organizations/${encodeURIComponent(organizationId)}/invitations`, {
      method: 'POST',
      body: input,
    }),
  );

export function useCreateInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationInput) => createInvitation({ organizationId, input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.audit(organizationId) });
    },
  });
}
