import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { scanEntryAssets, webAppPlugin } from './web-app.ts';

/** A built web app as Vite writes it: the app, the scan entry and the scan entry's manifest. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><!--runtime-config--></head><body>app</body></html>',
  );
  writeFileSync(
    path.join(dir, 'scan.html'),
    '<html><head><!--scan-preload--><!--runtime-config--></head><body>scan</body></html>',
  );
  writeFileSync(
    path.join(dir, '.vite/scan-manifest.json'),
    JSON.stringify({
      'scan.html': {
        file: 'assets/scan-AAAA.js',
        src: 'scan.html',
        isEntry: true,
        dynamicImports: ['src/app/scan/scan-texts-hi.ts'],
        css: ['assets/scan-BBBB.css'],
      },
      'src/app/scan/scan-texts-hi.ts': {
        file: 'assets/scan-texts-hi-CCCC.js',
        src: 'src/app/scan/scan-texts-hi.ts',
        isDynamicEntry: true,
      },
    }),
  );
  writeFileSync(path.join(dir, 'assets/scan-AAAA.js'), 'console.log(1)');
  return dir;
}

describe('scanEntryAssets', () => {
  it("reads the scan entry's script, stylesheet and texts from its build manifest", () => {
    const dir = fakeBuild();
    try {
      expect(scanEntryAssets(dir)).toEqual({
        script: 'assets/scan-AAAA.js',
        styles: ['assets/scan-BBBB.css'],
        texts: { hi: 'assets/scan-texts-hi-CCCC.js' },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is empty without a scan build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carecode-web-'));
    try {
      expect(scanEntryAssets(dir)).toEqual({ styles: [], texts: {} });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the scan page /scans/{scanId}', () => {
  let app: FastifyInstance;
  let dir: string;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
  });
  const api = config.apiBaseUrl;

  beforeAll(async () => {
    dir = fakeBuild();
    app = Fastify();
    app.decorate('config', config);
    await app.register(webAppPlugin, { distDir: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the scan entry with its data preloaded, in the HTML and in the Link header', async () => {
    const res = await app.inject({
      url: '/scans/abc_DEF-123',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<body>scan</body>');
    expect(res.body).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${api}/scans/abc_DEF-123" />`,
    );
    expect(res.body).toContain('<script type="application/json" id="runtime-config">');
    // English ships with the script: no texts file.
    expect(res.body).not.toContain('scan-texts-hi');
    expect(res.headers.link).toBe(
      [
        `<${api}/scans/abc_DEF-123>; rel=preload; as=fetch; crossorigin=anonymous`,
        '</assets/scan-AAAA.js>; rel=modulepreload',
        '</assets/scan-BBBB.css>; rel=preload; as=style; crossorigin',
      ].join(', '),
    );
  });

  it('preloads the Hindi texts for a browser that prefers Hindi', async () => {
    const res = await app.inject({
      url: '/scans/abc',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/scan-texts-hi-CCCC.js" />',
    );
    expect(res.headers.link).toContain('</assets/scan-texts-hi-CCCC.js>; rel=modulepreload');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('does not preload the Hindi texts when English comes first', async () => {
    const res = await app.inject({
      url: '/scans/abc',
      headers: { 'accept-language': 'en-IN,hi;q=0.9' },
    });
    expect(res.body).not.toContain('scan-texts-hi');
    expect(res.headers.link).not.toContain('scan-texts-hi');
  });

  it('serves the app for an id the scan URL never makes', async () => {
    const res = await app.inject({ url: `/scans/${'a'.repeat(65)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
    expect(res.headers.link).toBeUndefined();
  });

  it('serves the built files themselves', async () => {
    const res = await app.inject({ url: '/assets/scan-AAAA.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });
});
