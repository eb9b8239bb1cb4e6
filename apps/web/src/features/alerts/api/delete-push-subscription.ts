import { apiFetch } from '../../../lib/api-client.ts';

/** `DELETE /push-subscriptions`: forget this device's subscription. */
export const deletePushSubscription = (endpoint: string) =>
  apiFetch<void>('/push-subscriptions', { method: 'DELETE', body: { endpoint } });
