import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import type { QueryClient } from '@tanstack/react-query';
import { qrOrganizationIdOf } from '../../../lib/qr-access.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

/**
 * Spec §4: after a change the matching QR in the list is replaced (no stale tile), and its
 * detail stored. The list is also marked stale (without fetching now): a cached list may predate
 * a QR created since, and writing into it must not make it look fresh. Every cached list (the
 * personal one and each organisation's) shares the `list` prefix.
 */
export function storeQrCode(queryClient: QueryClient, qr: QrCode) {
  queryClient.setQueryData(qrCodeKeys.detail(qr.id), qr);
  queryClient.setQueriesData<QrCode[]>({ queryKey: qrCodeKeys.list() }, (list) =>
    list?.map((item) => (item.id === qr.id ? qr : item)),
  );
  void queryClient.invalidateQueries({ queryKey: qrCodeKeys.list(), refetchType: 'none' });
}

/**
 * A new QR goes to the front of its cached list (newest first: the personal one, or its
 * organisation's) and the lists are refetched.
 */
export function addQrCode(queryClient: QueryClient, qr: QrCode) {
  queryClient.setQueryData(qrCodeKeys.detail(qr.id), qr);
  queryClient.setQueryData<QrCode[]>(qrCodeKeys.listOf(qrOrganizationIdOf(qr)), (list) =>
    list && !list.some((item) => item.id === qr.id) ? [qr, ...list] : list,
  );
  void queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
}
