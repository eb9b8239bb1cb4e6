import {
  passwordResetInputSchema,
  passwordResetRequestSchema,
} from '@carecode/domain/users/user.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../lib/language.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { normalizeEmail } from './identity.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createPasswordResetsRepository } from './password-resets.repository.ts';

/** Reset mails per address and hour, per e-mail and hour; link uses per address. */
export const passwordResetRateLimits = {
  requestPerAddress: { name: 'reset-address', max: 10, windowSeconds: 3600 },
  requestPerEmail: {
    name: 'reset-email',
    max: 3,
    windowSeconds: 3600,
    keyOf: (request: FastifyRequest) =>
      normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? '')),
  },
  confirm: { name: 'reset-confirm', max: 30, windowSeconds: 600 },
} as const;

/** 'Forgot password?' for the built-in sign-in (no sign-in needed for either call). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService({
    repository: createPasswordResetsRepository(app.database.db),
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log.child({ module: 'password-reset' }),
  });

  app.post(
    '/user/password-reset',
    {
      preHandler: rateLimit([
        passwordResetRateLimits.requestPerAddress,
        passwordResetRateLimits.requestPerEmail,
      ]),
      schema: { body: passwordResetRequestSchema },
    },
    async (request, reply) => {
      // The same answer for any address: nobody learns who has an account.
      try {
        await service.request(
          request.body.email,
          preferredLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'password reset mail not sent');
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/user/password-reset/confirm',
    {
      preHandler: rateLimit(passwordResetRateLimits.confirm),
      schema: { body: passwordResetInputSchema },
    },
    async (request, reply) => {
      await service.confirm(request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );
};
