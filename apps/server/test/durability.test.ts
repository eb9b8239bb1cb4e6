import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import type { IdentityKeys } from '../src/modules/identity/keys.ts';
import { signAccessToken } from './access-token.ts';
import { createDatabase, freePort, startServer, stopServer, waitHealthy } from './processes.ts';

async function storedKeys(databaseUrl: string): Promise<IdentityKeys> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ jwks: IdentityKeys['jwks']; cookie_keys: string[] }>(
      'select jwks, cookie_keys from identity_keys',
    );
    return { jwks: rows[0].jwks, cookieKeys: rows[0].cookie_keys };
  } finally {
    await client.end();
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
  // The server's sign-in keys: in the database on PostgreSQL, else in its data folder.
  const keys = databaseUrl
    ? await storedKeys(databaseUrl)
    : (JSON.parse(readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8')) as IdentityKeys);

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
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  killed = true;
  await burst;
  await exited;

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
  await stopServer(child);
}

describe('durability', () => {
  it('keeps every acknowledged QR and scan after a SIGKILL mid-burst (PGlite, or PostgreSQL with DATABASE_URL)', async () => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) return killDuringBurst();
    const database = await createDatabase(adminUrl, 'carecode_durability');
    cleanups.push(database.drop);
    return killDuringBurst(database.url);
  }, 180_000);
});
