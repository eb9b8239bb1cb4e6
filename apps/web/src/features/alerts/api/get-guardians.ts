import { guardianListSchema, type Guardian } from '@carecode/domain/alerts/alert.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const getGuardians = async (qrId: string, signal?: AbortSignal): Promise<Guardian[]> =>
  guardianListSchema.parse(
    await apiFetch(`/qr-codes/${encodeURIComponent(qrId)}/guardians`, { signal }),
  );

/** The people who also get one QR's alerts by e-mail, invited or confirmed. */
export const guardiansQueryOptions = (qrId: string) =>
  queryOptions({
    queryKey: alertKeys.guardians(qrId),
    queryFn: ({ signal }) => getGuardians(qrId, signal),
  });
