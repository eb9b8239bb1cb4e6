import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import type { IdentityKeys } from '../src/modules/identity/keys.ts';
import { signAccessToken } from './access-token.ts';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

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

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'error', RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitHealthy(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * SIGKILLs the server in the middle of a burst of QR creations and scans, restarts it on the same
 * data, and checks that every write the server acknowledged is there.
 */
async function killDuringBurst(databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carecode-durability-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig({ ...env, NODE_ENV: 'test' });

  let child = startServer(env);
  cleanups.push(() => void child.kill('SIGKILL'));
  await waitHealthy(base, child);
  const keys = JSON.parse(
    readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8'),
  ) as IdentityKeys;

  const owners = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => ({
      subject: `durable-${i}-${randomBytes(3).toString('hex')}`,
      token: '',
    })),
  );
  for (const owner of owners)
    owner.token = await signAccessToken(config, keys, { subject: owner.subject });

  const createdQrs: Array<{ id: string; token: string }> = [];
  const recordedScans: string[] = [];
  let killed = false;

  const createQr = async (owner: { token: string }, n: number) => {
    const res = await fetch(`${base}/api/qr-codes/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
      body: JSON.stringify({
        type: 'LUGGAGE',
        details: {
          description: `Blue suitcase ${n}`,
          ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
          emergencyContact: { name: 'Ravi', phoneNumber: '9123456780' },
        },
      }),
    }).catch(() => undefined);
    if (res?.status === 201 || res?.status === 200) {
      createdQrs.push({ id: ((await res.json()) as { id: string }).id, token: owner.token });
    }
  };
  const scan = async (qrId: string) => {
    const res = await fetch(`${base}/api/qr-codes/${qrId}/scan`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36',
      },
    }).catch(() => undefined);
    const location = res?.status === 302 ? res.headers.get('location') : null;
    if (location?.includes('/scans/')) recordedScans.push(location.split('/scans/')[1]);
  };

  // First half: every owner creates one QR. Then, while scans and second QRs stream in, kill.
  await Promise.all(owners.map((owner, i) => createQr(owner, i)));
  const burst = (async () => {
    while (!killed) {
      const targets = createdQrs.slice(0, 20);
      await Promise.all([
        ...targets.map((qr) => scan(qr.id)),
        ...owners.slice(0, 5).map((owner, i) => createQr(owner, 100 + i)),
      ]);
    }
  })();
  await new Promise((r) => setTimeout(r, 1500));
  child.kill('SIGKILL');
  killed = true;
  await burst;
  await new Promise((r) => child.once('exit', r));

  expect(createdQrs.length).toBeGreaterThan(owners.length);
  expect(recordedScans.length).toBeGreaterThan(0);

  child = startServer(env);
  await waitHealthy(base, child);
  for (const qr of createdQrs) {
    const res = await fetch(`${base}/api/qr-codes/${qr.id}`, {
      headers: { authorization: `Bearer ${qr.token}` },
    });
    expect(res.status, `acknowledged QR ${qr.id} is lost`).toBe(200);
  }
  const missingScans: string[] = [];
  for (const scanId of recordedScans) {
    const res = await fetch(`${base}/api/scans/${scanId}`);
    if (res.status !== 200) missingScans.push(`${scanId}: ${res.status}`);
  }
  expect(missingScans).toEqual([]);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

describe('durability', () => {
  it('keeps every acknowledged QR and scan after a SIGKILL mid-burst (PGlite, or PostgreSQL with DATABASE_URL)', async () => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) return killDuringBurst();
    const name = `carecode_durability_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return killDuringBurst(url.toString());
  }, 180_000);
});
