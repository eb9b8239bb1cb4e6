import { guardianLinkAnswerSchema } from '@carecode/domain/alerts/alert.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/** `POST /guardians/confirm`: the invited guardian's mailed token; no sign-in. */
export const confirmGuardian = async (token: string) =>
  guardianLinkAnswerSchema.parse(
    await apiFetch('/guardians/confirm', { method: 'POST', body: { token }, auth: false }),
  );
