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
import { startPushEndpoint } from './push-endpoint.ts';
import { startSmtpSink } from './smtp-sink.ts';

// Alerts across process deaths and replicas, with real server processes (which trust the local
// push service's certificate through NODE_EXTRA_CA_CERTS, set by the global setup).

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function databaseRow<T>(databaseUrl: string, query: string): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** The server's sign-in keys: in the database on PostgreSQL, else in its data folder. */
async function identityKeysOf(dataDir: string, databaseUrl?: string): Promise<IdentityKeys> {
  if (!databaseUrl) {
    return JSON.parse(readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8'));
  }
  const row = await databaseRow<{ jwks: IdentityKeys['jwks']; cookie_keys: string[] }>(
    databaseUrl,
    'select jwks, cookie_keys from identity_keys',
  );
  return { jwks: row.jwks, cookieKeys: row.cookie_keys };
}

async function createQr(base: string, authorization: string, fullName: string) {
  const res = await fetch(`${base}/api/qr-codes/`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'PERSON',
      details: { fullName, emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' } },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const scanOnce = (base: string, qrId: string) =>
  fetch(`${base}/api/qr-codes/${qrId}/scan`, {
    redirect: 'manual',
    headers: { 'user-agent': phone },
  });

describe('alert delivery survives', () => {
  it('a SIGKILL right after the scan was acknowledged: the alert goes out after the restart', async () => {
    const databaseUrl = process.env.DATABASE_URL
      ? (await createDatabase(process.env.DATABASE_URL, 'carecode_alert_kill')).url
      : undefined;
    const dataDir = tempDir('carecode-alert-kill-');
    const [port, smtpPort] = [await freePort(), await freePort()];
    const base = `http://localhost:${port}`;
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Nothing listens there yet: the first run cannot deliver the alert.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    let child = startServer(env);
    cleanups.push(() => void child.kill('SIGKILL'));
    await waitHealthy(base, child);
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const keys = await identityKeysOf(dataDir, databaseUrl);
    const subject = `kill-${randomBytes(3).toString('hex')}`;
    const authorization = `Bearer ${await signAccessToken(config, keys, { subject })}`;
    const qrId = await createQr(base, authorization, 'Asha Verma');

    const res = await scanOnce(base, qrId);
    expect(res.status).toBe(302);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const smtp = await startSmtpSink({ port: smtpPort });
    cleanups.push(() => smtp.close());
    child = startServer(env);
    await waitHealthy(base, child);
    const mail = await smtp.nth(1, 20_000);
    expect(mail.subject).toBe('Asha Verma was scanned');
    expect(JSON.stringify(mail.to)).toContain(`${subject}@example.com`);
    await stopServer(child);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two replicas on one PostgreSQL', () => {
  it('send each alert once, whichever replica recorded the scan', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!, 'carecode_alert_replicas');
    cleanups.push(database.drop);
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const [portA, portB] = [await freePort(), await freePort()];
    const a = `http://localhost:${portA}`;
    const b = `http://localhost:${portB}`;
    const env = { PUBLIC_URL: a, DATABASE_URL: database.url, SMTP_URL: smtp.url };
    const replicaA = startServer({
      ...env,
      DATA_DIR: tempDir('carecode-ra-'),
      PORT: String(portA),
    });
    cleanups.push(() => stopServer(replicaA));
    await waitHealthy(a, replicaA);
    const replicaB = startServer({
      ...env,
      DATA_DIR: tempDir('carecode-rb-'),
      PORT: String(portB),
    });
    cleanups.push(() => stopServer(replicaB));
    await waitHealthy(b, replicaB);

    // Both replicas push with the one VAPID pair kept in the database.
    const { value } = await databaseRow<{ value: { vapidPublicKey: string } }>(
      database.url,
      "select value from app_keys where name = 'alerts'",
    );
    const push = await startPushEndpoint({
      vapidPublicKey: value.vapidPublicKey,
      cert: readFileSync(process.env.PUSH_TEST_CERT_FILE!, 'utf8'),
      key: readFileSync(process.env.PUSH_TEST_KEY_FILE!, 'utf8'),
    });
    cleanups.push(() => push.close());

    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const keys = await identityKeysOf('', database.url);
    const authorization = `Bearer ${await signAccessToken(config, keys, { subject: 'replicated-owner', groups: [] })}`;
    await fetch(`${a}/api/user/me`, { headers: { authorization } });
    // Business: room for the twelve codes.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      "update users set plan = 'BUSINESS' where oidc_subject = 'replicated-owner'",
    );
    await client.end();
    const device = push.subscribe('phone');
    const subscribed = await fetch(`${b}/api/push-subscriptions`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(device),
    });
    expect(subscribed.status).toBe(201);

    const names = Array.from({ length: 12 }, (_, i) => `Tag ${i + 1}`);
    const qrIds = await Promise.all(names.map((name) => createQr(a, authorization, name)));
    // Each code scanned once, half on each replica, at the same time.
    const answers = await Promise.all(qrIds.map((id, i) => scanOnce(i % 2 ? b : a, id)));
    expect(answers.every((res) => res.status === 302)).toBe(true);

    await smtp.nth(names.length, 20_000);
    await push.waitForCount(names.length, undefined, 20_000);
    // Both replicas poll every second: give a duplicate time to show before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.mails.map((mail) => mail.subject).sort()).toEqual(
      names.map((name) => `${name} was scanned`).sort(),
    );
    expect(push.received.map((m) => (m.json as { title: string }).title).sort()).toEqual(
      names.map((name) => `${name} was scanned`).sort(),
    );
  });
});
