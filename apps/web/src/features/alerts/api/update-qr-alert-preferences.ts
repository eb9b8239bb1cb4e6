import {
  qrAlertPreferencesSchema,
  type QrAlertPreferences,
} from '@carecode/domain/alerts/alert.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const updateQrAlertPreferences = async ({
  qrId,
  input,
}: {
  qrId: string;
  input: QrAlertPreferences;
}) =>
  qrAlertPreferencesSchema.parse(
    await apiFetch(`/qr-codes/${encodeURIComponent(qrId)}/alert-preferences`, {
      method: 'PUT',
      body: input,
    }),
  );

/** Saves at once: the switches show the new value while it is sent, and go back if it fails. */
export function useUpdateQrAlertPreferences(qrId: string) {
  const queryClient = useQueryClient();
  const key = alertKeys.qrPreferences(qrId);
  return useMutation({
    mutationFn: (input: QrAlertPreferences) => updateQrAlertPreferences({ qrId, input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QrAlertPreferences>(key);
      queryClient.setQueryData(key, input);
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
