import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

export interface RuntimeConfig {
  apiBaseUrl: string;
  oidcAuthority: string;
  oidcClientId: string;
  oidcLogoutUrl: string | null;
  builtInIdentity: boolean;
  supportEmail: string;
  siteHost: string;
  publicUrl: string;
}

export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    apiBaseUrl: config.apiBaseUrl,
    oidcAuthority: config.oidc.issuer ?? `${config.publicUrl}/oidc`,
    oidcClientId: config.oidc.clientId,
    oidcLogoutUrl: config.oidc.issuer
      ? (config.oidc.logoutUrl ?? null)
      : `${config.publicUrl}/oidc/logout`,
    builtInIdentity: !config.oidc.issuer,
    supportEmail: config.supportEmail,
    siteHost: config.siteHost,
    publicUrl: config.publicUrl,
  };
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the runtime config
 * embedded as a JSON data block, so the app needs no extra round trip) for every other GET.
 */
export async function webAppPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const indexHtml = template.replace(
    '<!--runtime-config-->',
    `<script type="application/json" id="runtime-config">${escapeJson(runtimeConfig(app.config))}</script>`,
  );

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (
      pathname.startsWith('/api/') ||
      pathname.startsWith('/oidc/') ||
      /\.[a-z0-9]+$/i.test(pathname)
    ) {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
}
