import {
  alertPreferencesSchema,
  type AlertPreferences,
} from '@carecode/domain/alerts/alert.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const updateAlertPreferences = async (input: AlertPreferences) =>
  alertPreferencesSchema.parse(
    await apiFetch('/user/alert-preferences', { method: 'PUT', body: input }),
  );

export function useUpdateAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertPreferences,
    onSuccess: (saved) => queryClient.setQueryData(alertKeys.preferences(), saved),
  });
}
