import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import {
  registerAndGetTokens,
  TestBrowser,
} from '../src/modules/identity/oidc-flow.test-support.ts';
import { scanRateLimits } from '../src/modules/scans/scans.routes.ts';
import { awaitFreshWindow } from '../src/modules/scans/scans.test-kit.ts';
import {
  createDatabase,
  freePort,
  runRotateKeys,
  startServer,
  stopServer,
  waitHealthy,
} from './processes.ts';

/** `inject` over real HTTP, so the sign-in test browser can talk to a server process. */
function httpInjector(base: string) {
  return {
    async inject(options: InjectOptions & { url: string }) {
      const headers = { ...(options.headers as Record<string, string>) };
      let body: string | undefined;
      if (options.payload !== undefined) {
        body =
          typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
        headers['content-type'] ??= 'application/json';
      }
      delete headers.host;
      const res = await fetch(`${base}${options.url}`, {
        method: options.method as string,
        headers,
        body,
        redirect: 'manual',
      });
      const text = await res.text();
      const responseHeaders: Record<string, unknown> = Object.fromEntries(res.headers);
      responseHeaders['set-cookie'] = res.headers.getSetCookie();
      return {
        statusCode: res.status,
        headers: responseHeaders,
        body: text,
        json: () => JSON.parse(text),
      };
    },
  } as unknown as FastifyInstance;
}

const adminUrl = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!adminUrl)('two replicas on one PostgreSQL', () => {
  it('share sign-in, API data, live scan events and rate limits', async () => {
    const database = await createDatabase(adminUrl!, 'carecode_replicas');
    cleanups.push(database.drop);
    // Each replica has an empty data folder of its own: keys come from the database.
    const freshDataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'carecode-replicas-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = `http://localhost:${portA}`;
    const b = `http://localhost:${portB}`;
    // Both replicas stand behind one public address (here replica A's) and share the database.
    const env = { PUBLIC_URL: a, DATABASE_URL: database.url, RATE_LIMITS: 'on' };
    let replicaA = startServer({ ...env, DATA_DIR: freshDataDir(), PORT: String(portA) });
    cleanups.push(() => stopServer(replicaA));
    await waitHealthy(a, replicaA);
    const replicaB = startServer({ ...env, DATA_DIR: freshDataDir(), PORT: String(portB) });
    cleanups.push(() => stopServer(replicaB));
    await waitHealthy(b, replicaB);

    // Sign in through replica A.
    const config = loadConfig({
      ...env,
      DATA_DIR: freshDataDir(),
      PORT: String(portA),
      NODE_ENV: 'test',
    });
    const browser = new TestBrowser(httpInjector(a), config);
    const tokens = await registerAndGetTokens(browser, {
      email: `replica-${randomBytes(3).toString('hex')}@example.com`,
      password: 'secret-pass',
    });
    const auth = { authorization: `Bearer ${tokens.access_token}` };

    // Call the API through replica B.
    const me = await fetch(`${b}/api/user/me`, { headers: auth });
    expect(me.status).toBe(200);
    const created = await fetch(`${b}/api/qr-codes/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'VEHICLE',
        details: {
          numberPlate: 'KA01AB1234',
          modelDescription: 'White hatchback',
          ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
          emergencyContact: { name: 'Ravi', phoneNumber: '9123456780' },
        },
      }),
    });
    expect(created.status).toBe(201);
    const qr = (await created.json()) as { id: string };
    expect((await fetch(`${a}/api/qr-codes/${qr.id}`, { headers: auth })).status).toBe(200);

    // The owner's live stream on replica B hears a scan recorded by replica A.
    const controller = new AbortController();
    const stream = await fetch(`${b}/api/scans/events`, {
      headers: auth,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const heard = (async () => {
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
        if (text.includes(qr.id)) return text;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const scan = await fetch(`${a}/api/qr-codes/${qr.id}/scan`, {
      redirect: 'manual',
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36',
      },
    });
    expect(scan.status).toBe(302);
    const scanId = String(scan.headers.get('location')).split('/scans/')[1];
    const events = await Promise.race([
      heard,
      new Promise<string>((_, reject) =>
        setTimeout(() => reject(new Error('no live event within 15 s')), 15_000),
      ),
    ]);
    expect(events).toContain(scanId);
    controller.abort();

    // A key rotation, then replica A restarted with a fresh, empty data folder: the token
    // signed with the old key still works on both (old keys verify until their tokens expire).
    const rotation = await runRotateKeys({ ...env, DATA_DIR: freshDataDir() });
    expect(rotation.code).toBe(0);
    expect(rotation.output).toMatch(
      /^New signing key [0-9a-f]{16} \(in use after a restart\); verifying with [0-9a-f]{16}/,
    );
    await stopServer(replicaA);
    replicaA = startServer({ ...env, DATA_DIR: freshDataDir(), PORT: String(portA) });
    await waitHealthy(a, replicaA);
    expect((await fetch(`${a}/api/user/me`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${b}/api/user/me`, { headers: auth })).status).toBe(200);

    // Rate limits hold across both: scans from one address, spread over A and B, share one budget.
    const { max, windowSeconds } = scanRateLimits.scan;
    for (let attempt = 0; attempt < 2; attempt++) {
      // Start well inside a window: a burst that crossed into the next one would have spent
      // part of the next attempt's budget.
      await awaitFreshWindow(windowSeconds, 20_000);
      const window = Math.floor(Date.now() / (windowSeconds * 1000));
      const answers = await Promise.all(
        Array.from({ length: max + 20 }, (_, i) =>
          fetch(`${i % 2 ? a : b}/api/qr-codes/${qr.id}/scan`, {
            redirect: 'manual',
            headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
          }).then((res) => res.status),
        ),
      );
      if (Math.floor(Date.now() / (windowSeconds * 1000)) !== window) continue; // crossed a window
      const allowed = answers.filter((status) => status === 302).length;
      // One scan above already used this window's budget unless the window has turned since.
      expect(allowed).toBeLessThanOrEqual(max);
      expect(allowed).toBeGreaterThanOrEqual(max - 1);
      expect(answers.filter((status) => status === 429).length).toBe(max + 20 - allowed);
      return;
    }
    throw new Error('could not stay inside one rate-limit window');
  }, 180_000);
});
