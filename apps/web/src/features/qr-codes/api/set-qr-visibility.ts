import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { storeQrCode } from './qr-code-cache.ts';

/** PUT /qr-codes/{id}/public or /private (spec §7: named for the toggle action). */
export const setQrVisibility = ({ id, makePublic }: { id: string; makePublic: boolean }) =>
  apiFetch<QrCode>(`/qr-codes/${encodeURIComponent(id)}/${makePublic ? 'public' : 'private'}`, {
    method: 'PUT',
  });

export function useSetQrVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQrVisibility,
    onSuccess: (qr) => storeQrCode(queryClient, qr),
  });
}
