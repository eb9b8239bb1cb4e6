import {
  qrAlertPreferencesSchema,
  type QrAlertPreferences,
} from '@carecode/domain/alerts/alert.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const getQrAlertPreferences = async (
  qrId: string,
  signal?: AbortSignal,
): Promise<QrAlertPreferences> =>
  qrAlertPreferencesSchema.parse(
    await apiFetch(`/qr-codes/${encodeURIComponent(qrId)}/alert-preferences`, { signal }),
  );

/** The channels one QR's alerts go by. */
export const qrAlertPreferencesQueryOptions = (qrId: string) =>
  queryOptions({
    queryKey: alertKeys.qrPreferences(qrId),
    queryFn: ({ signal }) => getQrAlertPreferences(qrId, signal),
  });
