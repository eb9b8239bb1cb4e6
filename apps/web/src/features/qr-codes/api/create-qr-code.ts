import type { CreateQrCodeInput, QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { addQrCode } from './qr-code-cache.ts';

export const createQrCode = (input: CreateQrCodeInput) =>
  apiFetch<QrCode>('/qr-codes/', { method: 'POST', body: input });

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrCode,
    onSuccess: (qr) => addQrCode(queryClient, qr),
  });
}
