import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `DELETE /organizations/{id}/logo` (admins). */
export const removeLogo = (id: string) =>
  apiFetch<void>(`/organizations/${encodeURIComponent(id)}/logo`, { method: 'DELETE' });

export function useRemoveLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeLogo(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
