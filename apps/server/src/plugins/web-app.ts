import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '@carecode/domain/config/runtime-config';
import { scanSessionSchema, type ScanPageData } from '@carecode/domain/scans/scan.schema';
import type { Config } from '../config/env.ts';
import { AppError } from '../lib/app-error.ts';
import { requestLanguage } from '../lib/language.ts';
import { rateLimit } from './rate-limit/rate-limit.plugin.ts';

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

/** JSON for a `<script type="application/json">` block: no `<` (so no `</script>`) inside. */
export const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The scan page's server renderer: apps/web/src/scan-server.tsx as built into the web app. */
export interface ScanPageRenderer {
  renderScanPage(
    data: ScanPageData,
    config: RuntimeConfig,
  ): Promise<{ html: string; title: string }>;
}

/** Where the web build puts the renderer (a dot folder, which the static files leave out). */
export const SCAN_RENDERER_FILE = '.server/scan-page.js';

/** Loads the scan page's server renderer from the built web app; undefined when not built. */
export async function loadScanPageRenderer(distDir: string): Promise<ScanPageRenderer | undefined> {
  const file = path.join(distDir, SCAN_RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ScanPageRenderer;
}

/** Brotli or gzip when the browser takes it: a phone on a slow network gets the page in fewer round trips. */
function compressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body, { level: 6 });
  }
  return body;
}

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

  const scanIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
  const renderer = scanTemplate ? await loadScanPageRenderer(options.distDir) : undefined;
  if (scanTemplate && !renderer) {
    app.log.warn(
      `scan page renderer not built (${path.join(options.distDir, SCAN_RENDERER_FILE)} missing): scan pages are drawn in the browser`,
    );
  }
  const pageConfig = runtimeConfig(app.config, options.vapidPublicKey ?? null);

  /** The page's own files, and for Hindi its texts, announced in the HTML and the Link header. */
  const scanPreloads = (language: string, fileLinks = scanFileLinks) => {
    const texts = scanAssets.texts[language];
    return {
      html: texts ? `<link rel="modulepreload" crossorigin href="/${texts}" />` : '',
      links: [...fileLinks, ...(texts ? [`</${texts}>; rel=modulepreload`] : [])],
    };
  };

  if (scanTemplate && renderer) {
    // The page's stylesheet inlined (a few KB): the first response draws the page without
    // waiting for another round trip, which a slow mobile network makes long. The CSP allows
    // inline styles; the script is still a file.
    const inlineStyle = (file: string) =>
      `<style>${readFileSync(path.join(options.distDir, file), 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    const template = scanTemplate.replace(/<link rel="stylesheet"[^>]*>/g, (tag) => {
      const file = scanAssets.styles.find((style) => tag.includes(`href="/${style}"`));
      return file ? inlineStyle(file) : tag;
    });
    /**
     * The scan page drawn on the server from what GET /api/scans/{scanId} answers for this
     * request (the same data, embedded for the browser to hydrate from), with that answer's
     * status: the owner's details, call links, emergency numbers and location prompt arrive in
     * the first response and work without script.
     */
    const sendScanPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      data: ScanPageData,
    ) => {
      const { html, title } = await renderer.renderScanPage(data, pageConfig);
      // No early hint for the script: the page reads without it, and on a slow network its
      // 80 KB would compete with the HTML itself (the parser finds it in the head at once).
      const preloads = scanPreloads(data.language, []);
      const page = template
        .replace('<html lang="en">', () => `<html lang="${data.language}">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace('<!--scan-preload-->', () => preloads.html)
        .replace('<!--scan-ssr-->', () => html)
        .replace(
          '<!--scan-data-->',
          () => `<script type="application/json" id="scan-data">${escapeJson(data)}</script>`,
        );
      if (preloads.links.length) reply.header('Link', preloads.links.join(', '));
      return reply
        .status(status)
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Accept-Language, Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(compressed(request, reply, page));
    };

    // Past the scan calls' rate limit (the page counts as the session read it replaces): the
    // busy page, with the emergency numbers, when to try again and a button that does.
    const busy = (request: FastifyRequest, reply: FastifyReply, seconds: number) =>
      sendScanPage(request, reply, 429, {
        language: requestLanguage(request),
        error: { status: 429, code: 'RATE_LIMITED', params: { seconds } },
      });

    const limitSessionReads = rateLimit(app.scans.sessionLimits, busy);
    app.get<{ Params: { scanId: string } }>(
      '/scans/:scanId',
      {
        preHandler: async (request, reply) => {
          if (scanIdPattern.test(request.params.scanId)) await limitSessionReads(request, reply);
        },
      },
      async (request, reply) => {
        const { scanId } = request.params;
        if (!scanIdPattern.test(scanId)) return sendIndex(reply);
        const language = requestLanguage(request);
        try {
          // A navigation carries no token (the sign-in lives in the browser's storage), so a
          // private QR is drawn as private; its owner's browser reads it again with the token.
          const session = await app.scans.service.getSession(scanId, async () => false);
          return await sendScanPage(request, reply, 200, {
            language,
            session: scanSessionSchema.parse(session),
          });
        } catch (error) {
          const known = error instanceof AppError ? error : undefined;
          if (!known) request.log.error({ err: error }, 'scan page failed');
          const status = known?.status ?? 500;
          return sendScanPage(request, reply, status, {
            language,
            error: {
              status,
              code: known?.code ?? 'INTERNAL',
              ...(known?.params ? { params: known.params } : {}),
            },
          });
        }
      },
    );
  } else {
    // Without the server renderer: the scan entry drawn in the browser, its session data
    // preloaded so that it arrives alongside the code instead of after it.
    app.get<{ Params: { scanId: string } }>('/scans/:scanId', (request, reply) => {
      const { scanId } = request.params;
      if (!scanTemplate || !scanIdPattern.test(scanId)) return sendIndex(reply);
      const dataUrl = `${app.config.apiBaseUrl}/scans/${scanId}`;
      const preloads = scanPreloads(requestLanguage(request));
      return reply
        .header('Cache-Control', 'no-store')
        .header(
          'Link',
          [`<${dataUrl}>; rel=preload; as=fetch; crossorigin=anonymous`, ...preloads.links].join(
            ', ',
          ),
        )
        .header('Vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(
          scanTemplate
            .replace(
              '<!--scan-preload-->',
              () =>
                `<link rel="preload" as="fetch" crossorigin="anonymous" href="${dataUrl}" />${preloads.html}`,
            )
            .replace(
              '<!--scan-ssr-->',
              '<noscript>CareCode needs JavaScript to run. Please enable it in your browser.</noscript>',
            ),
        );
    });
  }
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
