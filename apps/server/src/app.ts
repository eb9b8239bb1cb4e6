import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { alertsPlugin } from './modules/alerts/alerts.plugin.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { callsRoutes } from './modules/calls/calls.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { identityPlugin } from './modules/identity/identity.plugin.ts';
import { publicJwks, type IdentityKeys } from './modules/identity/keys.ts';
import { passwordResetRoutes } from './modules/identity/password-reset.routes.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { qrCodesRoutes } from './modules/qr-codes/qr-codes.routes.ts';
import { qrBulkRoutes } from './modules/qr-bulk/qr-bulk.routes.ts';
import { qrImagesRoutes } from './modules/qr-images/qr-images.routes.ts';
import { retentionPlugin } from './modules/retention/retention.plugin.ts';
import { scansPlugin } from './modules/scans/scans.plugin.ts';
import { planRemindersPlugin } from './modules/plans/plan-reminders.plugin.ts';
import { scansRoutes } from './modules/scans/scans.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { emailVerificationPlugin } from './modules/users/email-verification.plugin.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit/rate-limit.plugin.ts';
import { securityPlugin } from './plugins/security.ts';
import { createTokenVerifier } from './plugins/token-verifier.ts';
import { runtimeConfig, webAppPlugin } from './plugins/web-app.ts';

export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: Array<{ method: string; url: string }>;
  }
}

export const defaultWebDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

export interface AppOptions {
  config: Config;
  database: Database;
  identityKeys: IdentityKeys;
  /** Built SPA to serve; omit to serve the API only (API tests). */
  webDist?: string;
  /** 'manual': the alert dispatcher runs only when called (tests drive it step by step). */
  alertDispatch?: 'auto' | 'manual';
  /** 'manual': plan reminders go out only when `planReminders.runOnce` is called (tests). */
  planReminders?: 'auto' | 'manual';
}

/** The whole application as a Fastify plugin: no listen, so tests can build it and `inject`. */
export async function appPlugin(app: FastifyInstance, options: AppOptions) {
  const { config } = options;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // PostgreSQL cannot store U+0000 or a lone UTF-16 surrogate in text or jsonb: refuse them with
  // a clear 400, in a JSON body and in the path or query, before any query sees them.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error, value) => {
      if (error) return done(error, undefined);
      if (!isStorableText(value)) return done(new AppError('INVALID_TEXT'), undefined);
      done(null, value);
    });
  });
  app.addHook('onRequest', async (request) => {
    if (UNSTORABLE_IN_URL.test(request.url)) throw new AppError('INVALID_TEXT');
  });

  await app.register(databasePlugin, { config, database: options.database });
  await app.register(metricsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitPlugin);
  await app.register(securityPlugin, { config });

  const builtInIdentity = !config.oidc.issuer;
  const verify = createTokenVerifier({
    issuer: config.oidc.issuer ?? `${config.publicUrl}/oidc`,
    audience: config.apiBaseUrl,
    clientId: config.oidc.clientId,
    jwks: builtInIdentity ? publicJwks(options.identityKeys) : undefined,
  });
  await app.register(authPlugin, { verify, accounts: createUsersRepository(app.database.db) });

  await app.register(mailPlugin);
  await app.register(emailVerificationPlugin);
  await app.register(alertsPlugin, { dispatch: options.alertDispatch });
  if (builtInIdentity) await app.register(identityPlugin, { keys: options.identityKeys });
  await app.register(paymentsPlugin);
  await app.register(retentionPlugin);
  await app.register(scansPlugin);
  await app.register(planRemindersPlugin, { schedule: options.planReminders !== 'manual' });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      typed.get('/health', async (_request, reply) => {
        try {
          await app.database.ping();
          return { status: 'ok' };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable', message: 'The database is not answering.' });
        }
      });
      // Ready for traffic: the database answers and every migration is applied; 503 once the
      // server is shutting down, so a load balancer stops sending before it goes.
      typed.get('/ready', async (_request, reply) => {
        if (closing) {
          return reply
            .status(503)
            .send({ status: 'shutting-down', message: 'The server is shutting down.' });
        }
        try {
          if (!(await app.database.migrationsApplied())) {
            return reply
              .status(503)
              .send({ status: 'migrating', message: 'The database is not up to date yet.' });
          }
          return { status: 'ready' };
        } catch {
          return reply
            .status(503)
            .send({ status: 'unavailable', message: 'The database is not answering.' });
        }
      });
      typed.get('/config', async () => runtimeConfig(config, app.alerts.keys.vapid.publicKey));
      await api.register(usersRoutes);
      if (builtInIdentity) await api.register(passwordResetRoutes);
      await api.register(qrCodesRoutes);
      await api.register(qrImagesRoutes);
      await api.register(qrBulkRoutes);
      await api.register(scansRoutes);
      await api.register(callsRoutes);
      await api.register(messagesRoutes);
      await api.register(paymentsRoutes);
      await api.register(profilesRoutes);
      await api.register(alertsRoutes);
      await api.register(dataRightsRoutes);
      await api.register(analyticsRoutes);
      await api.register(organizationsRoutes);
    },
    { prefix: API_PREFIX },
  );

  if (options.webDist) {
    await app.register(webAppPlugin, {
      distDir: options.webDist,
      vapidPublicKey: app.alerts.keys.vapid.publicKey,
    });
  }
}

/** A NUL, or a UTF-16 surrogate (never valid in UTF-8), percent-encoded in a URL. */
const UNSTORABLE_IN_URL = /%00|%ed%[ab][0-9a-f]|%c0%80/i;

/** True when every string in a parsed JSON value can be stored (no NUL, no lone surrogate). */
export function isStorableText(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && value.isWellFormed();
  if (Array.isArray(value)) return value.every(isStorableText);
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key) || !isStorableText(item)) return false;
    }
  }
  return true;
}

/**
 * One access line per request (method, route pattern, status, time), written as the answer
 * completes, instead of Fastify's two ('incoming request', 'request completed').
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      route: request.routeOptions?.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

export async function buildApp(
  options: AppOptions & { logger?: FastifyServerOptions['logger'] },
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: parseTrustProxy(options.config.trustProxy),
    bodyLimit: 64 * 1024,
    genReqId: () => crypto.randomUUID(),
    logController: new AccessLog(),
    // While closing, requests on open connections are still answered (a scan in flight gets its
    // redirect); /api/ready answers 503 so that load balancers stop sending new ones.
    return503OnClosing: false,
    // A path that does not decode (a lone surrogate, say) gets the error model's answer.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'INVALID_TEXT' : 'BAD_REQUEST';
      void reply.status(400).send(new AppError(code).toBody());
    },
  });
  // Every registered route, for introspection (the authorization matrix test enumerates them).
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  // Not encapsulated: what the app decorates (its payments reconciler, say) is the server's.
  await app.register(fp(appPlugin, { name: 'carecode' }), options);
  return app;
}

function parseTrustProxy(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim());
}
