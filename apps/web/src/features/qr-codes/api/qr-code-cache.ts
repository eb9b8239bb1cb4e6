import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import type { QueryClient } from '@tanstack/react-query';
import { qrCodeKeys } from './qr-code-keys.ts';

/** Spec §4: after a change the matching QR in the list is replaced, and its detail stored. */
export function storeQrCode(queryClient: QueryClient, qr: QrCode) {
  queryClient.setQueryData(qrCodeKeys.detail(qr.id), qr);
  queryClient.setQueryData<QrCode[]>(qrCodeKeys.list(), (list) =>
    list?.map((item) => (item.id === qr.id ? qr : item)),
  );
}
