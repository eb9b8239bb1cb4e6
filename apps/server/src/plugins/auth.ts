import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { effectivePlan, type PlanType } from '@carecode/domain/plans/plans';
import { AppError } from '../lib/app-error.ts';
import { TokenError, type TokenVerifier } from './token-verifier.ts';

export interface AuthUser {
  id: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  /** The plan in force now (domain `effectivePlan`): every limit follows it. */
  plan: PlanType;
  /** The plan owned for good (Free, or Basic once bought). */
  ownedPlan: PlanType;
  /** Premium or Business paid per period, and its end (past once it has ended). */
  paidPlan: PlanType | null;
  paidPeriod: 'MONTHLY' | 'YEARLY' | null;
  planExpiresAt: Date | null;
  groups: string[];
  /** When the bearer token expires (epoch ms): what it opened must end then. */
  tokenExpiresAt: number;
}

/**
 * An account as the auth plugin needs it (the users module provides the lookups); its `plan` is
 * the stored plan owned for good, from which the plan in force is computed.
 */
export type AccountRecord = Omit<AuthUser, 'groups' | 'tokenExpiresAt' | 'ownedPlan'>;

export interface AccountDirectory {
  findBySubject(subject: string): Promise<AccountRecord | undefined>;
  /** True when the account of this subject was erased by its owner. */
  isErased(subject: string): Promise<boolean>;
  /** Creates the account, or brings its e-mail and phone up to date with the token's. */
  ensure(input: {
    subject: string;
    email: string | null;
    emailVerified: boolean;
    phone: string | null;
  }): Promise<AccountRecord>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for owner routes: 401 without a valid bearer token, else sets request.user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { verify: TokenVerifier; accounts: AccountDirectory }) => {
    const users = options.accounts;
    app.decorateRequest('user', undefined as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match) throw new AppError('SIGN_IN_REQUIRED');
      let token;
      try {
        token = await options.verify(match[1]);
      } catch (error) {
        throw new AppError(error instanceof TokenError ? error.code : 'TOKEN_INVALID');
      }
      let row = await users.findBySubject(token.subject);
      if (
        !row ||
        (token.email && row.email !== token.email) ||
        (token.phone && row.phone !== token.phone)
      ) {
        // An erased account's tokens stay valid until they expire: they open nothing.
        if (!row && (await users.isErased(token.subject))) throw new AppError('ACCOUNT_ERASED');
        row = await users.ensure({
          subject: token.subject,
          email: token.email ?? null,
          emailVerified: token.emailVerified ?? false,
          phone: token.phone ?? null,
        });
      }
      request.user = {
        id: row.id,
        subject: row.subject,
        email: row.email,
        emailVerified: row.emailVerified,
        phone: row.phone,
        plan: effectivePlan(row, Date.now()),
        ownedPlan: row.plan,
        paidPlan: row.paidPlan,
        paidPeriod: row.paidPeriod,
        planExpiresAt: row.planExpiresAt,
        groups: token.groups,
        tokenExpiresAt: Number(token.payload.exp) * 1000,
      };
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
