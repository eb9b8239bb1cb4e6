import { spawn } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import webpush, { type RequestOptions, type VapidKeys } from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptionInputSchema } from '@carecode/domain/alerts/alert.schema';
import {
  createTestCertificate,
  startPushEndpoint,
  type BrowserPushSubscription,
  type PushEndpoint,
  type TestCertificate,
} from './push-endpoint.ts';

/** The local Web Push service, proven with the library the app sends with (web-push). */

const SUBJECT = 'mailto:alerts@carecode.test';

let dir: string;
let certificate: TestCertificate;
let vapid: VapidKeys;
let endpoint: PushEndpoint;
let agent: Agent;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'carecode-push-'));
  certificate = await createTestCertificate(dir);
  vapid = webpush.generateVAPIDKeys();
  endpoint = await startPushEndpoint({ vapidPublicKey: vapid.publicKey, ...certificate });
  agent = new Agent({ ca: certificate.cert });
});

afterEach(() => endpoint.clear());

afterAll(async () => {
  await endpoint?.close();
  agent?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends as the app will: web-push, VAPID, the test certificate trusted through `agent`. */
const send = (
  subscription: BrowserPushSubscription,
  payload: string | null,
  options: RequestOptions = {},
) =>
  webpush.sendNotification(subscription, payload, {
    vapidDetails: { subject: SUBJECT, ...vapid },
    agent,
    ...options,
  });

/** web-push's rejection for a non-2xx answer, or a failure if it was accepted. */
async function refusal(sending: Promise<unknown>): Promise<webpush.WebPushError> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof webpush.WebPushError) return error;
    throw error;
  }
  throw new Error('the push was accepted');
}

/** A hand-made push request, for what web-push would never send. */
function post(
  url: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** web-push's own request (encrypted body, VAPID, TTL), to be altered one header at a time. */
const requestFor = (subscription: BrowserPushSubscription, payload: string) =>
  webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, ...vapid },
  });

async function vapidToken(claims: Record<string, unknown>, keys: VapidKeys = vapid) {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  return new SignJWT(claims).setProtectedHeader({ typ: 'JWT', alg: 'ES256' }).sign(key);
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('the test certificate', () => {
  it('names localhost and 127.0.0.1, lives two days and is written where asked', () => {
    const x509 = new X509Certificate(certificate.cert);
    expect(x509.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(x509.checkPrivateKey(createPrivateKey(certificate.key))).toBe(true);
    const lifetimeDays = (Date.parse(x509.validTo) - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(1.9);
    expect(lifetimeDays).toBeLessThanOrEqual(2);
    expect(path.dirname(certificate.certFile)).toBe(dir);
    expect(readFileSync(certificate.certFile, 'utf8')).toBe(certificate.cert);
    expect(readFileSync(certificate.keyFile, 'utf8')).toBe(certificate.key);
  });

  it('is not trusted without the agent: in-process sending needs `agent: new https.Agent({ ca })`', async () => {
    const subscription = endpoint.subscribe();
    await expect(
      webpush.sendNotification(subscription, 'untrusted', {
        vapidDetails: { subject: SUBJECT, ...vapid },
      }),
    ).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(endpoint.requests).toEqual([]);
  });

  it('is trusted by a child process given NODE_EXTRA_CA_CERTS, and only then', async () => {
    const subscription = endpoint.subscribe('child');
    const { NODE_EXTRA_CA_CERTS: _ca, NODE_TLS_REJECT_UNAUTHORIZED: _reject, ...env } = process.env;
    const input = JSON.stringify({ subscription, vapidDetails: { subject: SUBJECT, ...vapid } });

    const trusted = await sendFromChild({
      ...env,
      PUSH_INPUT: input,
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    });
    expect(trusted).toBe('201');
    expect((await endpoint.waitFor((m) => m.subscriptionName === 'child')).payload).toBe(
      'from a child process',
    );

    expect(await sendFromChild({ ...env, PUSH_INPUT: input })).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(endpoint.received).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  it('look like a browser PushSubscription that the domain schema accepts', () => {
    const first = endpoint.subscribe('guardian');
    const second = endpoint.subscribe('guardian');

    expect(first.expirationTime).toBeNull();
    expect(first.endpoint).toMatch(new RegExp(`^${endpoint.url}/push/[A-Za-z0-9_-]{22,}$`));
    expect(second.endpoint).not.toBe(first.endpoint);
    const publicKey = Buffer.from(first.keys.p256dh, 'base64url');
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    expect(Buffer.from(first.keys.auth, 'base64url')).toHaveLength(16);
    expect(second.keys.auth).not.toBe(first.keys.auth);
    expect(pushSubscriptionInputSchema.parse(first)).toEqual(first);
  });
});

describe('delivery', () => {
  it('decrypts exactly what web-push sent, Hindi included, for that subscription only', async () => {
    const guardian = endpoint.subscribe('guardian');
    endpoint.subscribe('bystander');
    const alert = {
      title: 'आपका QR स्कैन हुआ',
      body: 'किसी ने “Bruno” का टैग अभी स्कैन किया',
      scanId: 'abc',
    };

    const result = await send(guardian, JSON.stringify(alert));

    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${endpoint.url}/message/`));
    expect(endpoint.received).toHaveLength(1);
    const [message] = endpoint.received;
    expect(message).toMatchObject({
      subscriptionName: 'guardian',
      endpoint: guardian.endpoint,
      subscriptionId: guardian.endpoint.split('/').pop(),
      payload: JSON.stringify(alert),
      json: alert,
    });
    expect(Date.parse(message.receivedAt)).toBeGreaterThan(Date.now() - 5000);
  });

  it('keeps a payload that is not JSON as text only', async () => {
    const subscription = endpoint.subscribe();
    await send(subscription, 'नमस्ते, plain text');
    expect(endpoint.received[0]).toMatchObject({ payload: 'नमस्ते, plain text', json: undefined });
  });

  it('accepts a push without payload', async () => {
    const subscription = endpoint.subscribe();
    expect((await send(subscription, null)).statusCode).toBe(201);
    expect(endpoint.received[0]).toMatchObject({ payload: '', json: undefined });
  });

  it('records the TTL, Urgency and Topic headers sent', async () => {
    const subscription = endpoint.subscribe();
    await send(subscription, 'chosen', { TTL: 60, urgency: 'high', topic: 'qr-scan-abc' });
    await send(subscription, 'defaults');

    expect(endpoint.received.map((m) => m.headers)).toEqual([
      { ttl: 60, urgency: 'high', topic: 'qr-scan-abc' },
      // web-push's defaults: four weeks, normal, no topic.
      { ttl: 2_419_200, urgency: 'normal', topic: undefined },
    ]);
  });

  it('takes a body up to 4096 bytes and answers 413 to more', async () => {
    const subscription = endpoint.subscribe();
    // aes128gcm adds 103 bytes to one record: an 86-byte header, a 16-byte tag, a delimiter.
    const largest = 'x'.repeat(4096 - 103);
    expect((await send(subscription, largest)).statusCode).toBe(201);
    expect(endpoint.received[0].payload).toBe(largest);

    expect((await refusal(send(subscription, `${largest}x`))).statusCode).toBe(413);
    expect(endpoint.received).toHaveLength(1);
  });
});

describe('VAPID', () => {
  it('refuses a push signed with another application server key with 403', async () => {
    const subscription = endpoint.subscribe();
    const other = webpush.generateVAPIDKeys();

    const error = await refusal(
      send(subscription, 'wrong key', { vapidDetails: { subject: SUBJECT, ...other } }),
    );

    expect(error.statusCode).toBe(403);
    expect(endpoint.received).toEqual([]);
  });

  it('accepts a hand-made token with good claims (the cases below differ in one thing)', async () => {
    const subscription = endpoint.subscribe();
    const details = requestFor(subscription, 'hand-made');
    const token = await vapidToken({ aud: endpoint.url, exp: inAnHour(), sub: SUBJECT });
    const authorization = `vapid t=${token}, k=${vapid.publicKey}`;
    expect(
      (
        await post(
          subscription.endpoint,
          { ...details.headers, Authorization: authorization },
          details.body,
        )
      ).status,
    ).toBe(201);
    expect(endpoint.received[0].payload).toBe('hand-made');
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    [
      'a scheme other than vapid',
      async () =>
        `Bearer t=${await vapidToken({ aud: endpoint.url, exp: inAnHour(), sub: SUBJECT })}, k=${vapid.publicKey}`,
    ],
    [
      'a token signed by another key than k',
      async () => {
        const token = await vapidToken(
          { aud: endpoint.url, exp: inAnHour(), sub: SUBJECT },
          webpush.generateVAPIDKeys(),
        );
        return `vapid t=${token}, k=${vapid.publicKey}`;
      },
    ],
    [
      'a k that is not a P-256 public key',
      async () =>
        `vapid t=${await vapidToken({ aud: endpoint.url, exp: inAnHour(), sub: SUBJECT })}, k=AAAA`,
    ],
    [
      'an aud of another origin',
      async () =>
        `vapid t=${await vapidToken({ aud: 'https://fcm.googleapis.com', exp: inAnHour(), sub: SUBJECT })}, k=${vapid.publicKey}`,
    ],
    [
      'an exp in the past',
      async () =>
        `vapid t=${await vapidToken({ aud: endpoint.url, exp: now() - 60, sub: SUBJECT })}, k=${vapid.publicKey}`,
    ],
    [
      'an exp more than 24 hours away',
      async () =>
        `vapid t=${await vapidToken({ aud: endpoint.url, exp: now() + 25 * 3600, sub: SUBJECT })}, k=${vapid.publicKey}`,
    ],
    [
      'no exp',
      async () =>
        `vapid t=${await vapidToken({ aud: endpoint.url, sub: SUBJECT })}, k=${vapid.publicKey}`,
    ],
    [
      'a sub that is neither mailto: nor https:',
      async () =>
        `vapid t=${await vapidToken({ aud: endpoint.url, exp: inAnHour(), sub: 'http://carecode.test' })}, k=${vapid.publicKey}`,
    ],
  ];

  it.each(cases)('refuses %s with 401', async (_case, authorization) => {
    const subscription = endpoint.subscribe();
    const details = requestFor(subscription, 'refused');
    const { Authorization: _good, ...headers } = details.headers;
    const value = await authorization();

    const answer = await post(
      subscription.endpoint,
      value === undefined ? headers : { ...headers, Authorization: value },
      details.body,
    );

    expect(answer.status).toBe(401);
    expect(endpoint.received).toEqual([]);
    expect(endpoint.requests).toHaveLength(1);
  });
});

describe('protocol checks', () => {
  it('answers 400 without a TTL header', async () => {
    const subscription = endpoint.subscribe();
    const details = requestFor(subscription, 'no ttl');
    const { TTL: _ttl, ...headers } = details.headers;
    expect((await post(subscription.endpoint, headers, details.body)).status).toBe(400);
    expect(endpoint.requests[0].reason).toBe('TTL header missing (RFC 8030 §5.2)');
    expect(endpoint.received).toEqual([]);
  });

  it('answers 415 to a body not encoded aes128gcm', async () => {
    const subscription = endpoint.subscribe();
    const details = requestFor(subscription, 'legacy');
    const answer = await post(
      subscription.endpoint,
      { ...details.headers, 'Content-Encoding': 'aesgcm' },
      details.body,
    );
    expect(answer.status).toBe(415);
    expect(endpoint.received).toEqual([]);
  });

  it('answers 400 to a body it cannot decrypt: another subscription\u2019s, or cut short', async () => {
    const intended = endpoint.subscribe();
    const other = endpoint.subscribe();
    const details = requestFor(other, 'meant for someone else');

    expect((await post(intended.endpoint, details.headers, details.body)).status).toBe(400);
    const cut = details.body.subarray(0, -1);
    expect(
      (await post(other.endpoint, { ...details.headers, 'Content-Length': cut.length }, cut))
        .status,
    ).toBe(400);
    expect(endpoint.requests.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^cannot decrypt/),
      expect.stringMatching(/^cannot decrypt/),
    ]);
  });

  it('answers 404 to a subscription it never made', async () => {
    const real = endpoint.subscribe();
    const made = { ...real, endpoint: `${endpoint.url}/push/${'A'.repeat(22)}` };
    expect((await refusal(send(made, 'nobody'))).statusCode).toBe(404);
  });
});

describe('telling the endpoint to misbehave', () => {
  it('answers 410 Gone for an expired subscription, which web-push rejects with statusCode 410', async () => {
    const gone = endpoint.subscribe('gone');
    const alive = endpoint.subscribe('alive');
    await send(gone, 'before');
    endpoint.expire(gone);

    const error = await refusal(send(gone, 'after'));

    expect(error.statusCode).toBe(410);
    expect(error.endpoint).toBe(gone.endpoint);
    expect((await send(alive, 'still here')).statusCode).toBe(201);
    expect(endpoint.received.map((m) => m.payload)).toEqual(['before', 'still here']);
  });

  it('can expire a subscription with 404 instead', async () => {
    const subscription = endpoint.subscribe();
    endpoint.expire(subscription.endpoint, 404);
    expect((await refusal(send(subscription, 'x'))).statusCode).toBe(404);
  });

  it('fails the next N requests with the status asked, then delivers', async () => {
    const subscription = endpoint.subscribe();
    endpoint.failNext(2, 429, { retryAfterSeconds: 3 });

    const first = await refusal(send(subscription, 'retry me'));
    const second = await refusal(send(subscription, 'retry me'));
    const third = await send(subscription, 'retry me');

    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([429, 429, 201]);
    expect(first.headers['retry-after']).toBe('3');
    expect(endpoint.requests.map((r) => r.status)).toEqual([429, 429, 201]);
    expect(endpoint.received).toHaveLength(1);
  });

  it('fails with 500 by default', async () => {
    const subscription = endpoint.subscribe();
    endpoint.failNext(1);
    expect((await refusal(send(subscription, 'x'))).statusCode).toBe(500);
    expect((await send(subscription, 'x')).statusCode).toBe(201);
  });
});

describe('waiting for pushes', () => {
  it('resolves with a push that arrives after it started waiting', async () => {
    const subscription = endpoint.subscribe();
    const waiting = endpoint.waitFor((m) => (m.json as { kind?: string })?.kind === 'later');

    await send(subscription, JSON.stringify({ kind: 'sooner' }));
    await send(subscription, JSON.stringify({ kind: 'later' }));

    expect((await waiting).payload).toBe('{"kind":"later"}');
  });

  it('resolves with several once they have all arrived', async () => {
    const subscription = endpoint.subscribe();
    const waiting = endpoint.waitForCount(2);
    await send(subscription, 'one');
    await send(subscription, 'two');
    expect((await waiting).map((m) => m.payload)).toEqual(['one', 'two']);
  });

  it('times out naming what was received and refused', async () => {
    const subscription = endpoint.subscribe('guardian');
    await send(subscription, 'the only one', { urgency: 'low' });
    endpoint.expire(subscription);
    await refusal(send(subscription, 'too late'));

    const waiting = endpoint.waitFor((m) => m.payload === 'never sent', 100);

    await expect(waiting).rejects.toThrow(
      /^no push matching within 100 ms; received 1:\n {2}#1 guardian ttl=2419200 urgency=low topic=undefined the only one\nrefused 1:\n {2}410 \/push\/\S+: subscription expired$/,
    );
  });
});

/** Sends one push from a fresh Node process, as the server under test would; prints the outcome. */
function sendFromChild(env: NodeJS.ProcessEnv): Promise<string> {
  const script = `
    const webpush = require('web-push');
    const { subscription, vapidDetails } = JSON.parse(process.env.PUSH_INPUT);
    webpush.sendNotification(subscription, 'from a child process', { vapidDetails }).then(
      (result) => process.stdout.write(String(result.statusCode)),
      (error) => process.stdout.write(String(error.code ?? error.statusCode ?? error.message)),
    );
  `;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: import.meta.dirname,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(output.trim()));
  });
}
