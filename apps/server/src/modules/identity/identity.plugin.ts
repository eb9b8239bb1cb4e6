import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccountsRepository } from './accounts.repository.ts';
import { createIdentityProvider, OIDC_PATH } from './identity.provider.ts';
import { logoutMiddleware } from './identity.logout.ts';
import { createOidcModelsRepository } from './identity.repository.ts';
import { interactionRoutes } from './identity.routes.ts';
import { createIdentityService } from './identity.service.ts';
import { createLoginAttemptsRepository } from './login-attempts.repository.ts';
import type { IdentityKeys } from './keys.ts';

/** The built-in OpenID Connect provider at /oidc and its interaction (login/registration) API. */
export async function identityPlugin(app: FastifyInstance, options: { keys: IdentityKeys }) {
  const { config } = app;
  const { db } = app.database;
  const accounts = createAccountsRepository(db);
  const models = createOidcModelsRepository(db);
  const provider = createIdentityProvider({
    config,
    keys: options.keys,
    models,
    accounts,
    onServerError: (error) => app.log.error({ err: error }, 'identity provider error'),
  });
  provider.use(
    logoutMiddleware(provider, {
      clientId: config.oidc.clientId,
      postLogoutRedirectUri: config.publicUrl,
    }),
  );
  const callback = provider.callback();

  // Expired rows are never answered; sweeping them now and then only frees the space.
  const sweep = setInterval(
    () =>
      void models.deleteExpired().catch((error) => app.log.warn({ err: error }, 'sweep failed')),
    60 * 60 * 1000,
  ).unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // The provider's own endpoints: it reads request bodies itself, so this scope hands the raw
  // stream over untouched (any content type) and strips the mount path it knows from its issuer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handOver = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(OIDC_PATH.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      void callback(raw, reply.raw);
    };
    scope.all(OIDC_PATH, handOver);
    scope.all(`${OIDC_PATH}/*`, handOver);
  });

  await app.register(interactionRoutes, {
    provider,
    service: createIdentityService({
      accounts,
      attempts: createLoginAttemptsRepository(db),
      throttle: config.rateLimits,
    }),
  });
}
