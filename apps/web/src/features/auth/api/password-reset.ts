import type { PasswordResetInput } from '@carecode/domain/users/user.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  apiFetch<void>('/user/password-reset', { method: 'POST', body: { email }, auth: false });

/** Sets the new password with the mailed token. */
export const confirmPasswordReset = (input: PasswordResetInput) =>
  apiFetch<void>('/user/password-reset/confirm', { method: 'POST', body: input, auth: false });
