import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

export const getQrCode = (id: string, signal?: AbortSignal) =>
  apiFetch<QrCode>(`/qr-codes/${encodeURIComponent(id)}`, { signal });

/** One QR of the signed-in owner (spec §7: fetched with the token on detail and preview). */
export const qrCodeQueryOptions = (id: string) =>
  queryOptions({ queryKey: qrCodeKeys.detail(id), queryFn: ({ signal }) => getQrCode(id, signal) });
