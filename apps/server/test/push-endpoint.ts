import { execFile } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real Web Push service on loopback, for tests: it mints subscriptions the way a browser does,
 * checks each push as a push service does (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291/8188
 * aes128gcm encryption), decrypts what it accepts, and can be told to misbehave.
 *
 * Web Push is HTTPS only (web-push always sends with `https.request`), so the endpoint serves a
 * throwaway self-signed certificate from `createTestCertificate`. The sender trusts it either
 * - in a child process (the server under test): `NODE_EXTRA_CA_CERTS=<certFile>` in its
 *   environment; Node reads that variable once, at start-up, so setting it later does nothing;
 * - in this process: `sendNotification(subscription, payload, { vapidDetails, agent })` with
 *   `agent = new https.Agent({ ca: endpoint.cert })`. web-push hands `options.agent` to
 *   `https.request` only when it is an `https.Agent` (anything else is dropped with a warning) and
 *   ignores it when `options.proxy` is set.
 */
export interface PushEndpoint {
  /** The origin, `https://127.0.0.1:<port>`: the VAPID `aud` every push must carry. */
  url: string;
  /** The certificate the endpoint presents (PEM): pass it as `ca` to an `https.Agent`. */
  cert: string;
  /** Every push accepted (201), decrypted, in order of arrival. */
  received: PushMessage[];
  /** Every request to a push path and how it was answered, refusals included. */
  requests: PushRequestRecord[];
  /** A new subscription, as the browser's `PushSubscription#toJSON()` would answer it. */
  subscribe(name?: string): BrowserPushSubscription;
  /**
   * From now on, pushes to this subscription answer `status`: 410 Gone (the user unsubscribed or
   * the subscription expired) or 404 Not Found, as push services do.
   */
  expire(subscription: string | { endpoint: string }, status?: 404 | 410): void;
  /**
   * The next `count` push requests answer `status` (default 500) before anything is checked, as
   * an overloaded or failing service would; `retryAfterSeconds` adds a `Retry-After` header.
   */
  failNext(count: number, status?: number, options?: { retryAfterSeconds?: number }): void;
  /** The first push (already received or still to come) matching `predicate`. */
  waitFor(predicate?: (message: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  /** The first `count` pushes matching `predicate`, once that many have arrived. */
  waitForCount(
    count: number,
    predicate?: (message: PushMessage) => boolean,
    timeoutMs?: number,
  ): Promise<PushMessage[]>;
  /** Forgets what was received and requested and any pending `failNext`; subscriptions stay. */
  clear(): void;
  close(): Promise<void>;
}

export interface BrowserPushSubscription {
  endpoint: string;
  expirationTime: null;
  /** Unpadded base64url: p256dh the 65-byte uncompressed P-256 point, auth 16 random bytes. */
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  subscriptionId: string;
  /** The name given to `subscribe`, to tell subscriptions apart in assertions. */
  subscriptionName: string | undefined;
  endpoint: string;
  /** The decrypted payload as UTF-8 ('' for a push without a body). */
  payload: string;
  /** The payload parsed, when it is JSON. */
  json: unknown;
  headers: { ttl: number; urgency: string | undefined; topic: string | undefined };
  receivedAt: string;
}

export interface PushRequestRecord {
  path: string;
  subscriptionId: string | undefined;
  status: number;
  /** Why a push was refused (undefined when accepted). */
  reason: string | undefined;
  at: string;
}

export interface TestCertificate {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

/** RFC 8030 §7.2: a push service must accept 4096 bytes of body and may refuse more. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292 §2: a VAPID JWT must expire within 24 hours of the request. */
const MAX_JWT_LIFETIME_SECONDS = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

/**
 * A self-signed P-256 certificate for `localhost` and `127.0.0.1`, valid two days, written to
 * `dir` (made by the caller, removed by the caller) by the `openssl` command line.
 */
export async function createTestCertificate(dir: string): Promise<TestCertificate> {
  const certFile = path.join(dir, 'push-endpoint-cert.pem');
  const keyFile = path.join(dir, 'push-endpoint-key.pem');
  const args = [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ];
  try {
    await promisify(execFile)('openssl', args);
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`openssl could not make the test certificate: ${stderr || message}`);
  }
  const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
  return { certFile, keyFile, cert, key };
}

interface Subscription {
  id: string;
  name: string | undefined;
  endpoint: string;
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  goneStatus?: 404 | 410;
}

/** A refusal: the status to answer and why, for the request log and the response body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPushEndpoint(options: {
  vapidPublicKey: string;
  cert: string;
  key: string;
}): Promise<PushEndpoint> {
  const subscriptions = new Map<string, Subscription>();
  const failures: { status: number; retryAfterSeconds?: number }[] = [];
  const waiters = new Set<{ check(): void; fail(error: Error): void }>();
  const sockets = new Set<Socket>();
  const received: PushMessage[] = [];
  const requests: PushRequestRecord[] = [];
  let origin = '';

  function accept(req: IncomingMessage, body: Buffer, subscription: Subscription): PushMessage {
    checkVapid(req.headers.authorization, options.vapidPublicKey, origin);

    const ttl = req.headers.ttl as string | undefined;
    if (ttl === undefined) throw new Refusal(400, 'TTL header missing (RFC 8030 §5.2)');
    if (!/^\d+$/.test(ttl)) throw new Refusal(400, `TTL header is not a number of seconds: ${ttl}`);
    const urgency = req.headers.urgency as string | undefined;
    if (urgency !== undefined && !URGENCIES.has(urgency)) {
      throw new Refusal(400, `Urgency header is not very-low, low, normal or high: ${urgency}`);
    }
    const topic = req.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
      throw new Refusal(400, `Topic header is not 1-32 base64url characters: ${topic}`);
    }

    if (body.length > MAX_BODY_BYTES) {
      throw new Refusal(413, `body of ${body.length} bytes is over ${MAX_BODY_BYTES}`);
    }
    let payload = '';
    if (body.length > 0) {
      const encoding = req.headers['content-encoding'];
      if (encoding !== 'aes128gcm') {
        throw new Refusal(415, `Content-Encoding must be aes128gcm, not ${encoding ?? 'absent'}`);
      }
      try {
        payload = decryptAes128gcm(body, subscription).toString('utf8');
      } catch (error) {
        throw new Refusal(400, `cannot decrypt the body: ${(error as Error).message}`);
      }
    }

    let json: unknown;
    try {
      json = payload === '' ? undefined : JSON.parse(payload);
    } catch {
      json = undefined;
    }
    return {
      subscriptionId: subscription.id,
      subscriptionName: subscription.name,
      endpoint: subscription.endpoint,
      payload,
      json,
      headers: { ttl: Number(ttl), urgency, topic },
      receivedAt: new Date().toISOString(),
    };
  }

  const server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep just enough to know the body is too large; the rest is read and dropped.
      if (size <= MAX_BODY_BYTES + 1) chunks.push(chunk);
    });
    req.on('end', () => {
      const pathname = new URL(req.url ?? '/', origin).pathname;
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(pathname)?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      const answer = (status: number, reason?: string, headers: Record<string, string> = {}) => {
        requests.push({
          path: pathname,
          subscriptionId: subscription?.id,
          status,
          reason,
          at: new Date().toISOString(),
        });
        if (reason === undefined) return res.writeHead(status, headers).end();
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify({ message: reason }));
      };

      if (!pathname.startsWith('/push/')) return answer(404, `no route ${pathname}`);
      if (req.method !== 'POST') return answer(405, 'push requests are POST', { allow: 'POST' });
      const failure = failures.shift();
      if (failure) {
        const headers: Record<string, string> =
          failure.retryAfterSeconds === undefined
            ? {}
            : { 'retry-after': String(failure.retryAfterSeconds) };
        return answer(failure.status, 'failure asked for by failNext', headers);
      }
      if (!subscription) return answer(404, 'no such subscription');
      if (subscription.goneStatus) return answer(subscription.goneStatus, 'subscription expired');

      let message: PushMessage;
      try {
        message = accept(req, Buffer.concat(chunks), subscription);
      } catch (error) {
        if (error instanceof Refusal) return answer(error.status, error.message);
        return answer(500, `push endpoint fault: ${(error as Error).message}`);
      }
      received.push(message);
      // RFC 8030 §5: 201 Created with the push message resource in Location.
      answer(201, undefined, {
        location: `${origin}/message/${randomBytes(16).toString('base64url')}`,
      });
      for (const waiter of waiters) waiter.check();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function describeTraffic(): string {
    const messages = received.map(
      (m, index) =>
        `  #${index + 1} ${m.subscriptionName ?? m.subscriptionId} ttl=${m.headers.ttl}` +
        ` urgency=${m.headers.urgency} topic=${m.headers.topic} ${m.payload.slice(0, 200)}`,
    );
    const refusals = requests
      .filter((r) => r.status !== 201)
      .map((r) => `  ${r.status} ${r.path}: ${r.reason}`);
    return [
      `received ${received.length}${messages.length ? ':' : ''}`,
      ...messages,
      `refused ${refusals.length}${refusals.length ? ':' : ''}`,
      ...refusals,
    ].join('\n');
  }

  const endpoint: PushEndpoint = {
    url: origin,
    cert: options.cert,
    received,
    requests,
    subscribe(name) {
      const id = randomBytes(16).toString('base64url');
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpointUrl = `${origin}/push/${id}`;
      subscriptions.set(id, { id, name, endpoint: endpointUrl, ecdh, publicKey, authSecret });
      return {
        endpoint: endpointUrl,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    expire(subscription, status = 410) {
      const url = typeof subscription === 'string' ? subscription : subscription.endpoint;
      const found = [...subscriptions.values()].find((s) => s.endpoint === url);
      if (!found) throw new Error(`no subscription at ${url}`);
      found.goneStatus = status;
    },
    failNext(count, status = 500, failureOptions = {}) {
      for (let i = 0; i < count; i += 1) failures.push({ status, ...failureOptions });
    },
    async waitFor(predicate, timeoutMs) {
      const [message] = await endpoint.waitForCount(1, predicate, timeoutMs);
      return message;
    },
    waitForCount(count, predicate = () => true, timeoutMs = 5000) {
      return new Promise<PushMessage[]>((resolve, reject) => {
        const matching = () => {
          const matches = received.filter(predicate);
          return matches.length >= count ? matches.slice(0, count) : undefined;
        };
        const already = matching();
        if (already) return resolve(already);
        const timer = setTimeout(() => {
          const wanted = count === 1 ? 'no push' : `fewer than ${count} pushes`;
          waiter.fail(new Error(`${wanted} matching within ${timeoutMs} ms; ${describeTraffic()}`));
        }, timeoutMs);
        const waiter = {
          check() {
            const matches = matching();
            if (!matches) return;
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(matches);
          },
          fail(error: Error) {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    clear() {
      received.length = 0;
      requests.length = 0;
      failures.length = 0;
    },
    async close() {
      for (const waiter of waiters) waiter.fail(new Error('push endpoint closed'));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return endpoint;
}

/**
 * RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`. An unusable token answers 401; a
 * good token from a key other than the subscription's application server key answers 403.
 */
function checkVapid(authorization: string | undefined, expectedKey: string, origin: string) {
  if (!authorization) throw new Refusal(401, 'no Authorization header');
  const scheme = /^vapid\s+(.*)$/i.exec(authorization);
  if (!scheme) throw new Refusal(401, 'Authorization is not "vapid t=…, k=…"');
  const params = new Map(
    scheme[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Refusal(401, 'Authorization lacks t= or k=');

  const keyBytes = Buffer.from(k, 'base64url');
  if (keyBytes.length !== 65 || keyBytes[0] !== 4) {
    throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  }
  let publicKey;
  try {
    publicKey = createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: keyBytes.subarray(1, 33).toString('base64url'),
        y: keyBytes.subarray(33).toString('base64url'),
      },
    });
  } catch {
    throw new Refusal(401, 'k is not a point on P-256');
  }

  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 't is not a JWS compact token');
  let header: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new Refusal(401, 't does not hold JSON header and claims');
  }
  if (header.alg !== 'ES256') throw new Refusal(401, `JWT alg is ${String(header.alg)}, not ES256`);
  const isSigned = verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(parts[2], 'base64url'),
  );
  if (!isSigned) throw new Refusal(401, 'JWT signature does not verify with k');

  if (claims.aud !== origin) {
    throw new Refusal(401, `JWT aud is ${String(claims.aud)}, not ${origin}`);
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) {
    throw new Refusal(401, `JWT exp ${String(claims.exp)} is not in the future`);
  }
  if (claims.exp > now + MAX_JWT_LIFETIME_SECONDS) {
    throw new Refusal(401, `JWT exp ${claims.exp} is more than 24 hours away`);
  }
  let subject: URL | undefined;
  try {
    subject = new URL(String(claims.sub));
  } catch {
    subject = undefined;
  }
  if (subject?.protocol !== 'mailto:' && subject?.protocol !== 'https:') {
    throw new Refusal(401, `JWT sub ${String(claims.sub)} is not a mailto: or https: URL`);
  }

  if (k !== expectedKey) {
    throw new Refusal(403, 'k is not the application server key the subscription was made with');
  }
}

/**
 * RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm), done with node:crypto rather
 * than http_ece, so that web-push's encryption (which is http_ece) is checked by another hand.
 */
function decryptAes128gcm(body: Buffer, subscription: Subscription): Buffer {
  if (body.length < 21) throw new Error('shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  if (recordSize < 18) throw new Error(`record size ${recordSize} is under 18`);
  if (keyIdLength !== 65) throw new Error('keyid is not the sender\u2019s 65-byte public key');
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (records.length === 0) throw new Error('no records');

  const sharedSecret = subscription.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.publicKey,
    senderPublicKey,
  ]);
  const ikm = hkdf(sharedSecret, subscription.authSecret, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonceBase = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const plaintext: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    if (record.length <= 16) throw new Error(`record ${sequence} is too short`);
    const nonce = Buffer.from(nonceBase);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(-16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // Padding is zeros after a delimiter: 2 ends the last record, 1 any other.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const isLast = offset + recordSize >= records.length;
    if (padded[end] !== (isLast ? 2 : 1)) throw new Error(`record ${sequence} has no delimiter`);
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
