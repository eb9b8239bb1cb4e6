import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `DELETE /organizations/{id}` (owner): its codes go back to the owner's personal codes. */
export const deleteOrganization = (id: string) =>
  apiFetch<void>(`/organizations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(id) });
      // The owner's personal list gains the codes: every QR list is stale.
      void queryClient.invalidateQueries({ queryKey: ['qr-codes'] });
      return queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
