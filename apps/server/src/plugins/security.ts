import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

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
    await app.register(helmet, {
      global: true,
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
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
