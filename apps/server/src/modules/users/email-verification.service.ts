import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOneTimeToken } from '../../lib/one-time-token.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailLanguage } from '../mail/mail-templates.ts';
import type { EmailVerificationRepository } from './email-verification.repository.ts';

/** A confirmation link lives a day. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Confirming an account's e-mail address: a single-use link (128 random bits, kept only as its
 * SHA-256) mailed in the owner's language; opening it sets `email_verified`.
 */
export function createEmailVerificationService(deps: {
  repository: EmailVerificationRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? (() => Date.now());
  return {
    /** Mails a new link to the account's address (nothing when it is confirmed already). */
    async send(userId: string, language: MailLanguage): Promise<boolean> {
      const user = await deps.repository.findUser(userId);
      if (!user?.email || user.emailVerified) return false;
      const { token, hash } = newOneTimeToken();
      await deps.repository.insert({
        tokenHash: hash,
        userId,
        email: user.email,
        expiresAt: new Date(now() + VERIFICATION_TTL_MS),
      });
      const mail = renderMail('verifyEmail', language, {
        actionUrl: `${deps.publicUrl}/verify-email?token=${token}`,
      });
      await deps.mailer.send({ to: user.email, ...mail });
      return true;
    },

    /** Uses a link; a used, expired, unknown or outdated one answers VERIFICATION_LINK_INVALID. */
    async confirm(token: string): Promise<void> {
      const userId = await deps.repository.consume(hashToken(token), new Date(now()));
      if (!userId) throw new AppError('VERIFICATION_LINK_INVALID');
      deps.log.info({ userId }, 'e-mail address confirmed');
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
