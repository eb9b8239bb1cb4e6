import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `PUT /organizations/{id}/logo` (admins): the file as the multipart field `logo`. */
export const uploadLogo = ({ id, file }: { id: string; file: File }) => {
  const body = new FormData();
  body.append('logo', file);
  return apiFetch<{ logoUrl: string }>(`/organizations/${encodeURIComponent(id)}/logo`, {
    method: 'PUT',
    body,
  });
};

export function useUploadLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo({ id, file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
