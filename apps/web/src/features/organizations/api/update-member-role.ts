import {
  memberSchema,
  type InvitableRole,
} from '@carecode/domain/organizations/organization.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `PATCH /organizations/{id}/members/{userId}` (admins; the owner's role never changes). */
export const updateMemberRole = async ({
  organizationId,
  userId,
  role,
}: {
  organizationId: string;
  userId: string;
  role: InvitableRole;
}) =>
  memberSchema.parse(
    await apiFetch(
      `/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`,
      { method: 'PATCH', body: { role } },
    ),
  );

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: InvitableRole }) =>
      updateMemberRole({ organizationId, userId, role }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.audit(organizationId) });
    },
  });
}
