import {
  alertPreferencesSchema,
  type AlertPreferences,
} from '@carecode/domain/alerts/alert.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const getAlertPreferences = async (signal?: AbortSignal): Promise<AlertPreferences> =>
  alertPreferencesSchema.parse(await apiFetch('/user/alert-preferences', { signal }));

/** The account's alert channels and quiet hours. */
export const alertPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.preferences(),
    queryFn: ({ signal }) => getAlertPreferences(signal),
  });
