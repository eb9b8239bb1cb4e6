import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type LogLevel, type Plugin } from 'vite';

const server = process.env.CARECODE_DEV_SERVER ?? 'http://localhost:8080';
const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Where the scan entry's build lists its files (the server reads it to preload the texts). */
export const SCAN_MANIFEST = '.vite/scan-manifest.json';
/**
 * The scan page's server renderer, in a folder the server does not serve (a dot folder), loaded
 * by the server at start (apps/server/src/plugins/web-app.ts).
 */
export const SCAN_SERVER_DIR = '.server';

/**
 * Writes .br and .gz beside every compressible file of the build, so the server sends
 * precompressed assets (the scan page is often opened on a poor mobile network). Runs last, after
 * the scan entry's build, so its files are compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'carecode-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|css|svg|json|webmanifest|txt)$/.test(file)) continue;
          if (path.relative(outDir, file).startsWith(SCAN_SERVER_DIR)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * In the scan entry's build only: react-i18next and the app's i18n setup (i18next with its
 * backend) become the scan page's own small translator, which reads the same locale files.
 * The page's components are shared with the app and stay unchanged.
 */
function scanTranslator(): Plugin {
  const translator = local('./src/app/scan/scan-i18n.ts');
  const appI18n = local('./src/lib/i18n.ts');
  return {
    name: 'carecode-scan-translator',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'react-i18next') return translator;
      if (!/(^|\/)i18n(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === appI18n ? translator : resolved;
    },
  };
}

/** Libraries the scan page must never load (a stranger's phone on a poor network opens it). */
const notForScanPage =
  /node_modules\/(i18next|react-i18next|@tanstack|react-router|zod|oidc-client-ts|react-oidc-context|react-hook-form|sonner|qrcode\.react|html-to-image|@dicebear)\//;

function scanPageGuard(): Plugin {
  return {
    name: 'carecode-scan-guard',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const offending = Object.entries(chunk.modules)
          .filter(([id, module]) => module.renderedLength > 0 && notForScanPage.test(id))
          .map(([id]) => id);
        if (offending.length) {
          this.error(`the scan page would load ${offending.join(', ')} (in ${chunk.fileName})`);
        }
      }
    },
  };
}

/**
 * The scan page for the server (src/scan-server.tsx): React's server renderer, the page and all
 * its texts in one file that needs nothing from node_modules (the built app may be served from
 * anywhere, WEB_DIST), written to {outDir}/.server/scan-page.js.
 */
async function buildScanRenderer(options: { outDir: string; root?: string; logLevel?: LogLevel }) {
  await build({
    configFile: false,
    root: options.root ?? local('.'),
    logLevel: options.logLevel,
    publicDir: false,
    plugins: [scanTranslator(), react()],
    // React's production build, whatever NODE_ENV the building process has (the server's tests
    // build it under 'test').
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    esbuild: { jsxDev: false },
    // The domain package's sources (its `source` export), as the browser build reads them: the
    // renderer does not wait for the domain's own compiled build.
    ssr: {
      noExternal: true,
      target: 'node',
      resolve: { conditions: ['source', 'module', 'node', 'production'] },
    },
    build: {
      ssr: local('./src/scan-server.tsx'),
      outDir: path.join(options.outDir, SCAN_SERVER_DIR),
      emptyOutDir: true,
      target: 'node20',
      sourcemap: false,
      minify: false,
      rollupOptions: {
        output: { entryFileNames: 'scan-page.js', inlineDynamicImports: true },
      },
    },
  });
}

/**
 * The small entry that serves a fresh load of /scans/{scanId} (scan.html), built on its own after
 * the app so that it shares no chunk with it: one script with React, the page and its English
 * texts (the Hindi texts are one more small file), and its own stylesheet; then the same page
 * for the server, which draws it (buildScanRenderer).
 */
function scanEntry(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let logLevel: LogLevel | undefined;
  return {
    name: 'carecode-scan-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      logLevel = config.logLevel;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          logLevel,
          publicDir: false,
          plugins: [scanTranslator(), react(), tailwindcss(), scanPageGuard()],
          build: {
            outDir,
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: false,
            manifest: SCAN_MANIFEST,
            // No modulepreload polyfill or preload helper: browsers preload modules themselves,
            // and the one lazily loaded file (the Hindi texts) imports nothing.
            modulePreload: false,
            rollupOptions: { input: { scan: local('./scan.html') } },
          },
        });
        await buildScanRenderer({ root, outDir, logLevel });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), scanEntry(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The app; the scan entry (scan.html) is built by scanEntry() into the same folder.
    rollupOptions: { input: { main: local('./index.html') } },
  },
  server: {
    port: 5173,
    proxy: { '/api': server, '/oidc': server },
  },
});
