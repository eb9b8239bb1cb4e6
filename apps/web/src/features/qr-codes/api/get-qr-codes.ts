import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

export const getQrCodes = (signal?: AbortSignal) => apiFetch<QrCode[]>('/qr-codes/', { signal });

/** The signed-in owner's QR codes, newest first. */
export const qrCodesQueryOptions = () =>
  queryOptions({ queryKey: qrCodeKeys.list(), queryFn: ({ signal }) => getQrCodes(signal) });
