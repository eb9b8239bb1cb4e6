import type { QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { storeQrCode } from './qr-code-cache.ts';

export const updateQrCode = ({ id, input }: { id: string; input: QrInput }) =>
  apiFetch<QrCode>(`/qr-codes/${encodeURIComponent(id)}`, { method: 'PUT', body: input });

export function useUpdateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQrCode,
    onSuccess: (qr) => storeQrCode(queryClient, qr),
  });
}
