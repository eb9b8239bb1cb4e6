import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createTestCertificate } from '../../../server/test/push-endpoint.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The certificate (and its key) a journey's local Web Push service presents; PEM files. */
    pushCertFile: string;
    pushKeyFile: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Builds the web app into a private folder, so journeys never race another build of apps/web/dist.
 */
async function buildWebApp(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'carecode-web-'));
  // A production build, as users get it, in a process of its own (this one runs as 'test').
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('the web app did not build');
  return outDir;
}

let webDist: Promise<string> | undefined;

/** Starts the real server on a free port with a fresh data directory. */
export async function startServer(extraEnv: Record<string, string> = {}) {
  webDist ??= buildWebApp();
  const distDir = await webDist;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carecode-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    RATE_LIMITS: 'off',
    // Journeys may speak for phones on other addresses (X-Forwarded-For from this machine).
    TRUST_PROXY: '127.0.0.1,::1',
    WEB_DIST: distDir,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.API_BASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // Web Push is HTTPS only: journeys run a push service of their own on loopback, with a
  // throwaway certificate the server trusts. Node reads NODE_EXTRA_CA_CERTS once, at start-up,
  // so the certificate is made before the server starts.
  const certDir = mkdtempSync(path.join(tmpdir(), 'carecode-push-cert-'));
  const cert = await createTestCertificate(certDir);
  const server = await startServer({ NODE_EXTRA_CA_CERTS: cert.certFile });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('pushCertFile', cert.certFile);
  project.provide('pushKeyFile', cert.keyFile);
  return async () => {
    await server.stop();
    rmSync(certDir, { recursive: true, force: true });
    if (webDist) rmSync(await webDist, { recursive: true, force: true });
  };
}
