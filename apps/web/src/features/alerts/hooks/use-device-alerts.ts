import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { alertKeys } from '../api/alert-keys.ts';
import { deletePushSubscription } from '../api/delete-push-subscription.ts';
import { savePushSubscription } from '../api/save-push-subscription.ts';
import {
  canUsePush,
  currentSubscription,
  readDeviceAlertsState,
  subscribeDevice,
  type DeviceAlertsState,
} from '../lib/push-device.ts';

/** What pressing 'Enable' came to: a state, or the permission prompt closed without a choice. */
type EnableOutcome = DeviceAlertsState | 'dismissed';

async function enableOnDevice(): Promise<EnableOutcome> {
  const vapidPublicKey = runtimeConfig.vapidPublicKey;
  if (!vapidPublicKey || !canUsePush(vapidPublicKey)) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const subscription = await subscribeDevice(vapidPublicKey);
  try {
    await savePushSubscription(subscription.toJSON());
  } catch (error) {
    // The server does not know it: leave the device as it was, so 'Enable' can be tried again.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

async function disableOnDevice(): Promise<DeviceAlertsState> {
  const subscription = await currentSubscription();
  if (subscription) {
    try {
      await deletePushSubscription(subscription.endpoint);
    } catch (error) {
      // Already forgotten by the server (e.g. the push service had ended it): nothing to undo.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * Alerts on this device: where it stands (read from the browser, no server call), and turning
 * them on (permission, the alerts worker, a push subscription sent to the server) or off.
 */
export function useDeviceAlerts() {
  const queryClient = useQueryClient();
  const key = alertKeys.device();
  const status = useQuery({
    queryKey: key,
    queryFn: readDeviceAlertsState,
    staleTime: 0,
    // Back from the browser's site settings, the permission may have changed.
    refetchOnWindowFocus: true,
    retry: false,
  });
  const settle = (state: DeviceAlertsState) => queryClient.setQueryData(key, state);
  const recheck = () => void queryClient.invalidateQueries({ queryKey: key });

  const enable = useMutation({
    mutationFn: enableOnDevice,
    onSuccess: (outcome) => settle(outcome === 'dismissed' ? 'off' : outcome),
    onError: recheck,
  });
  const disable = useMutation({
    mutationFn: disableOnDevice,
    onSuccess: settle,
    onError: recheck,
  });

  const state: DeviceAlertsState | 'checking' = status.isPending
    ? 'checking'
    : status.isError
      ? 'unsupported'
      : status.data;

  return {
    state,
    isBusy: enable.isPending || disable.isPending,
    /** The permission prompt was closed without Allow or Block. */
    isDismissed: state === 'off' && enable.data === 'dismissed',
    error: enable.error ?? disable.error,
    enable: () => {
      disable.reset();
      enable.mutate();
    },
    disable: () => {
      enable.reset();
      disable.mutate();
    },
  };
}
