import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/**
 * `DELETE /organizations/{id}/members/{userId}`: an admin removes a member, or anyone but the
 * owner removes themself (leaves).
 */
export const removeMember = ({
  organizationId,
  userId,
}: {
  organizationId: string;
  userId: string;
}) =>
  apiFetch<void>(
    `/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ organizationId, userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

/** Leaving: the caller removes themself; their view of its codes goes with it. */
export function useLeaveOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember({ organizationId, userId }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(organizationId) });
      void queryClient.invalidateQueries({ queryKey: ['qr-codes'] });
      return queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
