import type { CreateQrCodeInput, QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { addQrCode } from './qr-code-cache.ts';

/** A new code: personal, or with `organizationId` one of that organisation's (its admins only). */
export const createQrCode = (input: CreateQrCodeInput) =>
  apiFetch<QrCode>('/qr-codes/', { method: 'POST', body: input });

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrCode,
    onSuccess: (qr) => addQrCode(queryClient, qr),
  });
}
