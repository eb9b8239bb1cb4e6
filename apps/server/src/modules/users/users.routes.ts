import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userMeSchema, verifyEmailInputSchema } from '@carecode/domain/users/user.schema';
import type { FastifyRequest } from 'fastify';
import { preferredLanguage } from '../../lib/language.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';

/** Confirmation mails per account and hour, and link checks per address and 10 minutes. */
export const emailVerificationRateLimits = {
  resend: {
    name: 'verify-resend',
    max: 5,
    windowSeconds: 3600,
    keyOf: (request: FastifyRequest) => request.user.id,
  },
  confirm: { name: 'verify-confirm', max: 30, windowSeconds: 600 },
} as const;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/me',
    { preHandler: app.authenticate, schema: { response: { 200: userMeSchema } } },
    async (request) => {
      const { user } = request;
      return {
        email: user.email ?? '',
        emailVerified: user.emailVerified,
        phone: user.phone,
        plan: user.plan,
        ownedPlan: user.ownedPlan,
        paidPlan: user.paidPlan,
        paidPeriod: user.paidPeriod,
        planExpiresAt: user.planExpiresAt?.toISOString() ?? null,
        groups: user.groups,
      };
    },
  );

  // 'Resend' on the account page: a new confirmation link to the account's address.
  app.post(
    '/user/verify-email',
    { preHandler: [app.authenticate, rateLimit(emailVerificationRateLimits.resend)] },
    async (request, reply) => {
      await app.emailVerification.send(
        request.user.id,
        preferredLanguage(request.headers['accept-language']),
      );
      return reply.status(204).send();
    },
  );

  // The page the mailed link opens sends its token here (no sign-in needed).
  app.post(
    '/user/verify-email/confirm',
    {
      preHandler: rateLimit(emailVerificationRateLimits.confirm),
      schema: { body: verifyEmailInputSchema },
    },
    async (request, reply) => {
      await app.emailVerification.confirm(request.body.token);
      return reply.status(204).send();
    },
  );
};
