import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

/** DELETE /qr-codes/{id}: the code, its scans, guardians and alert settings. */
export const deleteQrCode = (id: string) =>
  apiFetch<void>(`/qr-codes/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrCode,
    onSuccess: (_answer, id) => {
      // The list only: the open detail page leaves at once, so its query is dropped, not re-asked.
      queryClient.removeQueries({ queryKey: qrCodeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
    },
  });
}
