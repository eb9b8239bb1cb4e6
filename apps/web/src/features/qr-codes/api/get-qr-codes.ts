import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

/** The personal codes, or with `organizationId` the codes of that organisation. */
export const getQrCodes = (signal?: AbortSignal, organizationId?: string) =>
  apiFetch<QrCode[]>(
    organizationId
      ? `/qr-codes/?organizationId=${encodeURIComponent(organizationId)}`
      : '/qr-codes/',
    { signal },
  );

/** The signed-in user's personal QR codes (or an organisation's), newest first. */
export const qrCodesQueryOptions = (organizationId?: string) =>
  queryOptions({
    queryKey: qrCodeKeys.listOf(organizationId),
    queryFn: ({ signal }) => getQrCodes(signal, organizationId),
  });
