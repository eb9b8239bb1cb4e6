import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOneTimeToken } from '../../lib/one-time-token.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailLanguage } from '../mail/mail-templates.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import { hashPassword } from './passwords.ts';
import { normalizeEmail } from './identity.service.ts';

/** A reset link lives half an hour. */
export const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * 'Forgot password?': a single-use link (128 random bits, kept only hashed) mailed to the
 * account's address. The answer is the same whether or not the address has an account; setting
 * the new password signs the account out everywhere.
 */
export function createPasswordResetService(deps: {
  repository: PasswordResetsRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  return {
    async request(email: string, language: MailLanguage): Promise<void> {
      const userId = await deps.repository.findAccountByEmail(normalizeEmail(email));
      if (!userId) return;
      const { token, hash } = newOneTimeToken();
      await deps.repository.insert({
        tokenHash: hash,
        userId,
        expiresAt: new Date(now() + RESET_TTL_MS),
      });
      const mail = renderMail('resetPassword', language, {
        actionUrl: `${deps.publicUrl}/reset-password?token=${token}`,
      });
      await deps.mailer.send({ to: normalizeEmail(email), ...mail });
    },

    async confirm(token: string, password: string): Promise<void> {
      const userId = await deps.repository.consume(
        hashToken(token),
        await hashPassword(password),
        new Date(now()),
      );
      if (!userId) throw new AppError('RESET_LINK_INVALID');
      await deps.repository.endSessions(userId);
      deps.log.info({ userId }, 'password reset: every session ended');
    },
  };
}
