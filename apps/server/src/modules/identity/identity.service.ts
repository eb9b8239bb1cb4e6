import type { LoginInput, RegisterInput } from '@carecode/domain/users/user.schema';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { LoginAttemptsRepository } from './login-attempts.repository.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

import { fieldMessage } from '@carecode/domain/errors/field-messages';

/** Failed sign-ins allowed per window, per e-mail address and per client address. */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perAddress: 20,
} as const;

export class TooManyAttemptsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function createIdentityService(deps: {
  accounts: AccountsRepository;
  attempts: LoginAttemptsRepository;
  throttle: boolean;
}) {
  const { accounts, attempts } = deps;

  async function assertNotThrottled(emailKey: string, addressKey: string) {
    if (!deps.throttle) return;
    const now = new Date();
    const counters = await attempts.failures([emailKey, addressKey], now);
    const blocked = [
      [counters.get(emailKey), LOGIN_THROTTLE.perEmail],
      [counters.get(addressKey), LOGIN_THROTTLE.perAddress],
    ] as const;
    for (const [counter, limit] of blocked) {
      if (counter && counter.hits >= limit) {
        throw new TooManyAttemptsError(
          Math.max(1, Math.ceil((counter.resetAt.getTime() - now.getTime()) / 1000)),
        );
      }
    }
  }

  return {
    /** Checks e-mail and password; answers the account id (the OIDC subject) on success. */
    async login(input: LoginInput, clientAddress: string): Promise<string> {
      const email = normalizeEmail(input.email);
      const emailKey = `login:email:${email}`;
      const addressKey = `login:address:${clientAddress}`;
      await assertNotThrottled(emailKey, addressKey);
      const credential = await accounts.findCredentialByEmail(email);
      const isValid = credential
        ? await verifyPassword(input.password, credential.passwordHash)
        : (await burnPasswordCheck(input.password), false);
      if (!credential || !isValid) {
        if (deps.throttle) {
          await attempts.recordFailure([emailKey, addressKey], LOGIN_THROTTLE.windowMs);
        }
        // One answer for an unknown e-mail and a wrong password: it must not tell who has an account.
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (deps.throttle) await attempts.clear(emailKey);
      return credential.subject;
    },

    /** Creates the account; answers its id (the OIDC subject). */
    async register(input: RegisterInput): Promise<string> {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const phone = input.phone ? input.phone : undefined;
      const account = await accounts.create({ email, passwordHash, phone });
      if (!account) {
        throw new AppError('EMAIL_TAKEN', { fields: { email: fieldMessage('EMAIL_TAKEN') } });
      }
      return account.subject;
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
