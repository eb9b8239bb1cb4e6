import type { QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

export const createQrCode = (input: QrInput) =>
  apiFetch<QrCode>('/qr-codes/', { method: 'POST', body: input });

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrCode,
    onSuccess: (qr) => {
      queryClient.setQueryData(qrCodeKeys.detail(qr.id), qr);
      void queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
    },
  });
}
