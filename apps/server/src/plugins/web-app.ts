import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@carecode/domain/config/runtime-config';
import type { Config } from '../config/env.ts';
import { preferredLanguage } from '../lib/language.ts';

export function runtimeConfig(config: Config, vapidPublicKey: string | null): RuntimeConfig {
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
    vapidPublicKey,
    retention: config.retention,
  };
}

/** What the scan entry's build made: its script, its stylesheets and its texts per language. */
export interface ScanEntryAssets {
  script?: string;
  styles: string[];
  /** The texts loaded for a language beyond the default (English ships with the script). */
  texts: Record<string, string>;
}

/** Reads the scan entry's files from its build manifest (see apps/web/vite.config.ts). */
export function scanEntryAssets(distDir: string): ScanEntryAssets {
  const assets: ScanEntryAssets = { styles: [], texts: {} };
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(distDir, '.vite/scan-manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
    for (const [source, entry] of Object.entries(manifest)) {
      if (entry.isEntry) {
        assets.script = entry.file;
        assets.styles = entry.css ?? [];
      }
      const texts = source.match(/scan-texts-(\w+)\.ts$/);
      if (texts) assets.texts[texts[1]] = entry.file;
    }
  } catch {
    // no scan build: the page still works, without the text preloads
  }
  return assets;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the runtime config
 * embedded as a JSON data block, so the app needs no extra round trip) for every other GET.
 */
export async function webAppPlugin(
  app: FastifyInstance,
  options: { distDir: string; vapidPublicKey?: string | null },
) {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
    return;
  }
  const configBlock = `<script type="application/json" id="runtime-config">${escapeJson(runtimeConfig(app.config, options.vapidPublicKey ?? null))}</script>`;
  const indexHtml = readFileSync(indexFile, 'utf8').replace('<!--runtime-config-->', configBlock);
  const scanFile = path.join(options.distDir, 'scan.html');
  const scanAssets = scanEntryAssets(options.distDir);
  const scanTemplate = existsSync(scanFile)
    ? readFileSync(scanFile, 'utf8').replace('<!--runtime-config-->', configBlock)
    : undefined;
  // The page's own files, announced in the response headers too, so the browser asks for them
  // before it has read the HTML.
  const scanFileLinks = [
    ...(scanAssets.script ? [`</${scanAssets.script}>; rel=modulepreload`] : []),
    // crossorigin as on the stylesheet link Vite writes, or the preload would not be used.
    ...scanAssets.styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
  ];

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
    const dataUrl = `${app.config.apiBaseUrl}/scans/${scanId}`;
    const texts = scanAssets.texts[preferredLanguage(request.headers['accept-language'])];
    const preload = [
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${dataUrl}" />`,
      ...(texts ? [`<link rel="modulepreload" crossorigin href="/${texts}" />`] : []),
    ].join('');
    const links = [
      `<${dataUrl}>; rel=preload; as=fetch; crossorigin=anonymous`,
      ...scanFileLinks,
      ...(texts ? [`</${texts}>; rel=modulepreload`] : []),
    ];
    return reply
      .header('Cache-Control', 'no-store')
      .header('Link', links.join(', '))
      .header('Vary', 'Accept-Language')
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
