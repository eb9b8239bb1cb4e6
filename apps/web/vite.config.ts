import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = process.env.CARECODE_DEV_SERVER ?? 'http://localhost:8080';

/**
 * Writes .br and .gz beside every compressible file of the build, so the server sends
 * precompressed assets (the scan page is often opened on a poor mobile network).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'carecode-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|webmanifest|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // The server reads it to preload the scan page's texts with its HTML.
    manifest: true,
    // The app, and the small entry that serves a fresh load of /scans/{scanId}.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        scan: fileURLToPath(new URL('./scan.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': server, '/oidc': server },
  },
});
