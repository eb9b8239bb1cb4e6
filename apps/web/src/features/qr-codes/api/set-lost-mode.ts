import {
  lostStateSchema,
  type LostInput,
  type LostState,
} from '@carecode/domain/alerts/alert.schema';
import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { qrCodeKeys } from './qr-code-keys.ts';

const lostPath = (qrId: string) => `/qr-codes/${encodeURIComponent(qrId)}/lost`;

/** `PUT /qr-codes/{id}/lost`: report the item lost, with an optional message for the finder. */
export const markLost = async ({ qrId, input }: { qrId: string; input: LostInput }) =>
  lostStateSchema.parse(await apiFetch(lostPath(qrId), { method: 'PUT', body: input }));

/** `DELETE /qr-codes/{id}/lost`: the item is found. */
export const markFound = (qrId: string) => apiFetch<void>(lostPath(qrId), { method: 'DELETE' });

/** Shows the new state at once, then refreshes the QR (and marks the list stale for its badge). */
function storeLost(queryClient: QueryClient, qrId: string, lost: LostState | null) {
  queryClient.setQueryData<QrCode>(qrCodeKeys.detail(qrId), (qr) => (qr ? { ...qr, lost } : qr));
  queryClient.setQueriesData<QrCode[]>({ queryKey: qrCodeKeys.list() }, (list) =>
    list?.map((qr) => (qr.id === qrId ? { ...qr, lost } : qr)),
  );
  void queryClient.invalidateQueries({ queryKey: qrCodeKeys.detail(qrId) });
  void queryClient.invalidateQueries({ queryKey: qrCodeKeys.list(), refetchType: 'none' });
}

export function useMarkLost(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LostInput) => markLost({ qrId, input }),
    onSuccess: (lost) => storeLost(queryClient, qrId, lost),
  });
}

export function useMarkFound(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markFound(qrId),
    onSuccess: () => storeLost(queryClient, qrId, null),
  });
}
