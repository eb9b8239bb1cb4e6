import { guardianLinkAnswerSchema } from '@carecode/domain/alerts/alert.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /alerts/unsubscribe`: the token of an alert mail's link; no sign-in. */
export const unsubscribeAlerts = async (token: string) =>
  guardianLinkAnswerSchema.parse(
    await apiFetch('/alerts/unsubscribe', { method: 'POST', body: { token }, auth: false }),
  );
