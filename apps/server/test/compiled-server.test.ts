import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildCompiled,
  compiledServer,
  productionEnv,
  repoRoot,
  serverDir,
  startCompiled,
  stopAllCompiled,
} from './compiled.ts';

// The production server: compiled JavaScript run by plain node, as `npm start` runs it. It runs on
// the embedded database, so once (not again in the PostgreSQL run of this suite).

const METRICS_TOKEN = 'compiled-metrics-token-0123';
const dirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-compiled-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};

afterAll(async () => {
  await stopAllCompiled();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the compiled server', () => {
  beforeAll(() => {
    buildCompiled();
  }, 180_000);

  it('is built once: a second check finds the output fresh', () => {
    expect(buildCompiled()).toContain('build: domain, server up to date');
    for (const file of ['dist/server.js', 'dist/rotate-keys.js', 'dist/db-backup.js']) {
      expect(existsSync(path.join(serverDir, file))).toBe(true);
    }
    // The QR image worker is loaded beside the compiled code.
    expect(existsSync(path.join(serverDir, 'dist/modules/qr-images/qr-png.worker.mjs'))).toBe(true);
  }, 120_000);

  it('takes the compiled domain package under plain node, and its sources under "source"', () => {
    const resolve = (conditions: string[]) =>
      spawnSync(
        process.execPath,
        [
          ...conditions,
          '--input-type=module',
          '-e',
          "console.log(import.meta.resolve('@carecode/domain/plans/plans'))",
        ],
        { cwd: serverDir, env: productionEnv({}), encoding: 'utf8' },
      ).stdout.trim();
    expect(resolve([])).toBe(`file://${repoRoot}/packages/domain/dist/plans/plans.js`);
    expect(resolve(['--conditions=source'])).toBe(
      `file://${repoRoot}/packages/domain/src/plans/plans.ts`,
    );
  }, 120_000);

  it('starts with plain node, answers health, readiness and metrics (with the token only), and stops on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const server = await startCompiled({ DATA_DIR: dataDir, METRICS_TOKEN });
    try {
      console.log(`compiled server on PGlite, fresh DATA_DIR: ${server.startup}`);
      // No TypeScript runner: the command line is node and the compiled file, nothing preloaded.
      const pid = server.child.pid!;
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv).toEqual([process.execPath, compiledServer]);
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ.filter((entry) => /^NODE_OPTIONS=|tsx|ts-node/.test(entry))).toEqual([]);

      const health = await fetch(`${server.base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${server.base}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });

      const anonymous = await fetch(`${server.base}/metrics`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('http_requests_total');
      const wrong = await fetch(`${server.base}/metrics`, {
        headers: { authorization: 'Bearer not-the-metrics-token' },
      });
      expect(wrong.status).toBe(401);
      const metrics = await fetch(`${server.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      const body = await metrics.text();
      expect(body).toContain('http_requests_total{method="GET",route="/api/ready",status="200"} 1');
      expect(body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
      // One access line per request, at the default level. It is written once the answer has
      // gone, so it may reach this process's pipe a moment after the response does.
      await vi.waitFor(
        () =>
          expect(server.output()).toMatch(
            /"method":"GET","route":"\/api\/ready","status":200,"ms":[\d.]+,"msg":"request"/,
          ),
        { timeout: 5000, interval: 50 },
      );

      // The data directory is this server's while it runs.
      expect(JSON.parse(readFileSync(path.join(dataDir, 'carecode.pid'), 'utf8')).pid).toBe(pid);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'carecode.pid'))).toBe(false);

    // `npm run keys:rotate` runs compiled too.
    const rotated = spawnSync(process.execPath, [path.join(serverDir, 'dist/rotate-keys.js')], {
      cwd: serverDir,
      env: productionEnv({ DATA_DIR: dataDir }),
      encoding: 'utf8',
    });
    expect(rotated.stderr).toBe('');
    expect(rotated.stdout).toMatch(
      /^New signing key \w+ \(in use after a restart\); verifying with \w+/,
    );

    // A restart on the same data: the usual start (keys and migrations in place).
    const again = await startCompiled({ DATA_DIR: dataDir });
    try {
      console.log(`compiled server on PGlite, existing DATA_DIR: ${again.startup}`);
      const noMetrics = await fetch(`${again.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      // No metrics route without the token set (the web app, when built, answers the path).
      expect([200, 404]).toContain(noMetrics.status);
      expect(await noMetrics.text()).not.toContain('http_requests_total');
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 120_000);

  it('refuses a second server on the same data directory, naming the first', async () => {
    const dataDir = freshDataDir();
    const first = await startCompiled({ DATA_DIR: dataDir });
    try {
      const second = spawnSync(process.execPath, [compiledServer], {
        cwd: serverDir,
        env: productionEnv({ DATA_DIR: dataDir, PORT: '0' }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `The CareCode server is running on DATA_DIR ${dataDir} (pid ${first.child.pid}, since `,
      );
      expect(second.stderr).toContain('Stop it first: one embedded database serves one process.');
    } finally {
      await first.stop();
    }
  }, 120_000);
});
