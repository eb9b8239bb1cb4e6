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

/** The built chunks of the scan page's text namespaces, per language, from Vite's manifest. */
function scanPageTextChunks(distDir: string): Record<string, string[]> {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const chunks: Record<string, string[]> = {};
    for (const [source, entry] of Object.entries(manifest)) {
      const match = source.match(/locales\/(\w+)\/(scans|qr-codes)\.json$/);
      if (match) (chunks[match[1]] ??= []).push(entry.file);
    }
    return chunks;
  } catch {
    return {};
  }
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
  const configBlock = `<script type="application/json" id="runtime-config">${escapeJson(runtimeConfig(app.config))}</script>`;
  const indexHtml = readFileSync(indexFile, 'utf8').replace('<!--runtime-config-->', configBlock);
  const scanFile = path.join(options.distDir, 'scan.html');
  const scanTextChunks = scanPageTextChunks(options.distDir);
  const scanTemplate = existsSync(scanFile)
    ? readFileSync(scanFile, 'utf8').replace('<!--runtime-config-->', configBlock)
    : undefined;

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

  // A fresh load of a scan page gets the small scan entry, with its session data preloaded so
  // the data arrives alongside the code instead of after it.
  app.get<{ Params: { scanId: string } }>('/scans/:scanId', (request, reply) => {
    const { scanId } = request.params;
    if (!scanTemplate || !/^[A-Za-z0-9_-]{1,64}$/.test(scanId)) return sendIndex(reply);
    const languages = /\bhi\b/i.test(String(request.headers['accept-language'] ?? ''))
      ? ['hi', 'en']
      : ['en'];
    const preload = [
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${app.config.apiBaseUrl}/scans/${scanId}" />`,
      ...languages.flatMap((language) =>
        (scanTextChunks[language] ?? []).map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}" />`,
        ),
      ),
    ].join('');
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(scanTemplate.replace('<!--scan-preload-->', preload));
  });
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
