import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /push-subscriptions`: this device's subscription, as the browser gives it. */
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  apiFetch<void>('/push-subscriptions', { method: 'POST', body: subscription });
