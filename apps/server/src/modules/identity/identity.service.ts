import type { LoginInput, RegisterInput } from '@carecode/domain/users/user.schema';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { LoginAttemptsRepository } from './login-attempts.repository.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

import { fieldMessage } from '@carecode/domain/errors/field-messages';

/**
 * Failed sign-ins slow down progressively and never lock: after `free` failures each further
 * attempt waits 1 s, then 2, 4, 8... up to `capSeconds` after the last failure. Failures are
 * forgotten `windowMs` after the last one. Counted per e-mail and client address together (a
 * guesser from one address), per e-mail (many addresses at one account: a lower cap, so its
 * owner can always get in within a minute) and per address (one address trying many accounts).
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  pair: { free: 3, capSeconds: 120 },
  email: { free: 10, capSeconds: 60 },
  address: { free: 20, capSeconds: 120 },
} as const;

/** Seconds to wait after the last failure, given the failures counted so far. */
export function loginDelaySeconds(
  failures: number,
  rule: { free: number; capSeconds: number },
): number {
  if (failures < rule.free) return 0;
  return Math.min(2 ** (failures - rule.free), rule.capSeconds);
}

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

  const keysOf = (email: string, clientAddress: string) => ({
    pair: `login:pair:${email}|${clientAddress}`,
    email: `login:email:${email}`,
    address: `login:address:${clientAddress}`,
  });

  async function assertNotThrottled(keys: ReturnType<typeof keysOf>) {
    if (!deps.throttle) return;
    const now = Date.now();
    const counters = await attempts.failures(Object.values(keys), new Date(now));
    let waitUntil = 0;
    for (const kind of ['pair', 'email', 'address'] as const) {
      const counter = counters.get(keys[kind]);
      if (!counter) continue;
      const lastFailure = counter.resetAt.getTime() - LOGIN_THROTTLE.windowMs;
      const delay = loginDelaySeconds(counter.hits, LOGIN_THROTTLE[kind]);
      waitUntil = Math.max(waitUntil, lastFailure + delay * 1000);
    }
    if (waitUntil > now) {
      throw new TooManyAttemptsError(Math.max(1, Math.ceil((waitUntil - now) / 1000)));
    }
  }

  return {
    /** Checks e-mail and password; answers the account id (the OIDC subject) on success. */
    async login(input: LoginInput, clientAddress: string): Promise<string> {
      const email = normalizeEmail(input.email);
      const keys = keysOf(email, clientAddress);
      await assertNotThrottled(keys);
      const credential = await accounts.findCredentialByEmail(email);
      const isValid = credential
        ? await verifyPassword(input.password, credential.passwordHash)
        : (await burnPasswordCheck(input.password), false);
      if (!credential || !isValid) {
        if (deps.throttle) {
          await attempts.recordFailure(Object.values(keys), LOGIN_THROTTLE.windowMs);
        }
        // One answer for an unknown e-mail and a wrong password: it must not tell who has an account.
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (deps.throttle) {
        await attempts.clear(keys.pair);
        await attempts.clear(keys.email);
      }
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
