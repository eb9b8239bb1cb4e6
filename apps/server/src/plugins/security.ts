import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** The headers helmet sets with these options, computed once. */
function headersOf(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options as Parameters<typeof helmet>[0])({} as never, response as never, () => undefined);
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook for a hot route that opts out of @fastify/helmet (`helmet: false`), which
     * rebuilds its headers on every request: it sets the same headers, computed once at start.
     */
    securityHeaders(
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ): void;
  }
}

/**
 * Security headers: a CSP without inline script, HSTS on https, nosniff, no referrer, COOP; and
 * `Cache-Control: no-store` on every API answer that has not chosen its own caching.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { config } = options;
    const connectSources = new Set(["'self'"]);
    for (const url of [config.apiBaseUrl, config.oidc.issuer]) {
      const origin = originOf(url);
      if (origin) connectSources.add(origin);
    }
    const isHttps = config.publicUrl.startsWith('https://');
    const helmetOptions: FastifyHelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and the image exporter set style attributes; no inline script is allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: [...connectSources],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: [
            "'self'",
            ...(originOf(config.oidc.issuer) ? [originOf(config.oidc.issuer)!] : []),
          ],
          formAction: [
            "'self'",
            ...(originOf(config.oidc.issuer) ? [originOf(config.oidc.issuer)!] : []),
          ],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    };
    await app.register(fastifyHelmet, { global: true, ...helmetOptions });
    const headers = headersOf(helmetOptions);
    app.decorate('securityHeaders', function securityHeaders(request, reply, done) {
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
