import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { loginInputSchema, registerInputSchema } from '@carecode/domain/users/user.schema';
import { preferredLanguage } from '../../lib/language.ts';
import { AppError } from '../../lib/app-error.ts';
import { OIDC_PATH } from './identity.provider.ts';
import { TooManyAttemptsError, type IdentityService } from './identity.service.ts';
import { rateLimit } from '../../plugins/rate-limit/rate-limit.plugin.ts';

export const registrationRateLimit = { name: 'register', max: 10, windowSeconds: 3600 };
export const loginRateLimit = { name: 'login', max: 60, windowSeconds: 600 };

const uidParamsSchema = z.object({ uid: z.string().min(1).max(100) });

export const interactionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  loginHint: z.string().optional(),
});

export const interactionRedirectSchema = z.object({ redirectTo: z.string() });

/**
 * The JSON interaction API behind the web app's /login and /register pages. Every call carries
 * the provider's interaction cookie (its path is /oidc/interaction/{uid}).
 */
export const interactionRoutes: FastifyPluginAsyncZod<{
  provider: Provider;
  service: IdentityService;
}> = async (app, { provider, service }) => {
  async function interactionFor(request: FastifyRequest, reply: FastifyReply, uid: string) {
    let interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      throw new AppError('INTERACTION_EXPIRED');
    }
    if (interaction.uid !== uid) throw new AppError('INTERACTION_EXPIRED');
    return interaction;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return { redirectTo };
  }

  /** Grants what the consent prompt found missing (only CareCode's own client is registered). */
  async function giveConsent(interaction: Interaction): Promise<string> {
    const { details } = interaction.prompt;
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({
        accountId: interaction.session?.accountId,
        clientId: String(interaction.params.client_id),
      });
    const missingScope = details.missingOIDCScope as string[] | undefined;
    const missingClaims = details.missingOIDCClaims as string[] | undefined;
    const missingResourceScopes = details.missingResourceScopes as
      Record<string, string[]> | undefined;
    if (missingScope?.length) grant.addOIDCScope(missingScope.join(' '));
    if (missingClaims?.length) grant.addOIDCClaims(missingClaims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    return grant.save();
  }

  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof TooManyAttemptsError) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      throw error;
    }
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  // Where the provider sends the browser: a sign-in page of the web app, or straight back when
  // only our own client's consent is missing (it is given without asking).
  app.get(
    `${OIDC_PATH}/interaction/:uid`,
    { schema: { params: uidParamsSchema } },
    async (request, reply) => {
      const { uid } = request.params;
      const interaction = await provider
        .interactionDetails(request.raw, reply.raw)
        .catch(() => undefined);
      if (interaction?.prompt.name === 'consent' && interaction.session?.accountId) {
        const grantId = await giveConsent(interaction);
        const { redirectTo } = await finish(request, reply, { consent: { grantId } });
        return reply.redirect(redirectTo, 303);
      }
      return reply.redirect(`/login?uid=${encodeURIComponent(uid)}`, 303);
    },
  );

  app.get(
    `${OIDC_PATH}/interaction/:uid/details`,
    { schema: { params: uidParamsSchema, response: { 200: interactionDetailsSchema } } },
    async (request, reply) => {
      const interaction = await interactionFor(request, reply, request.params.uid);
      const loginHint = interaction.params.login_hint;
      return {
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        ...(typeof loginHint === 'string' ? { loginHint } : {}),
      };
    },
  );

  app.post(
    `${OIDC_PATH}/interaction/:uid/login`,
    {
      // On top of the slow-down after failed attempts: a ceiling on attempts per address.
      preHandler: rateLimit(loginRateLimit),
      schema: {
        params: uidParamsSchema,
        body: loginInputSchema,
        response: { 200: interactionRedirectSchema },
      },
    },
    async (request, reply) => {
      await interactionFor(request, reply, request.params.uid);
      const accountId = await withRetryAfter(reply, () => service.login(request.body, request.ip));
      return finish(request, reply, { login: { accountId } });
    },
  );

  app.post(
    `${OIDC_PATH}/interaction/:uid/register`,
    {
      // New accounts per client address: enough for a family on one connection, not for a bot.
      preHandler: rateLimit(registrationRateLimit),
      schema: {
        params: uidParamsSchema,
        body: registerInputSchema,
        response: { 200: interactionRedirectSchema },
      },
    },
    async (request, reply) => {
      await interactionFor(request, reply, request.params.uid);
      const accountId = await service.register(request.body);
      // The confirmation mail must not stand between a new owner and their dashboard.
      try {
        await app.emailVerification.send(
          accountId,
          preferredLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'confirmation mail not sent');
      }
      return finish(request, reply, { login: { accountId } });
    },
  );
};
