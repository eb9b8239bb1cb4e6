import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PhonePe Standard Checkout v2 (token, pay, order status) that checks what
 * it receives the way the real service documents it, and can be told to misbehave.
 */
export interface FakePhonePe {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  /** Every request, in order: method, path, headers, raw body. */
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  orders: Map<string, FakeOrder>;
  /** Seconds a new token lives (default 3600). */
  tokenLifetimeSeconds: number;
  /** Clock for expires_at, epoch ms (replace to match a test clock). */
  now: () => number;
  /** Forget every issued token: the next API call with an old one answers 401. */
  revokeTokens(): void;
  /** The next request to a path starting with `pathPrefix` answers this instead. */
  failNext(pathPrefix: string, status: number, body?: unknown): void;
  /**
   * The next request to a path starting with `pathPrefix` waits this long before answering. With
   * `stillActs` it takes effect even when the caller has stopped waiting, as a real gateway may:
   * the order exists though its creator never heard so.
   */
  delayNext(pathPrefix: string, ms: number, options?: { stillActs?: boolean }): void;
  /**
   * Holds every request to a path starting with `pathPrefix` until `release()`; `waiting()` tells
   * how many are held.
   */
  hold(pathPrefix: string): { waiting(): number; release(): void };
  /** Settle an order as the payer would at the hosted page. */
  settle(merchantOrderId: string, state: 'COMPLETED' | 'FAILED', amount?: number): void;
  count(method: string, pathPrefix: string): number;
  close(): Promise<void>;
}

export interface FakeOrder {
  merchantOrderId: string;
  orderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  /** Amount reported by the status call (defaults to the order amount). */
  reportedAmount?: number;
  body: Record<string, unknown>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakePhonePe(): Promise<FakePhonePe> {
  const clientId = 'TEST-CLIENT';
  const clientSecret = 'test-secret';
  const clientVersion = '1';
  const tokens = new Set<string>();
  const failures: { prefix: string; status: number; body?: unknown }[] = [];
  const delays: { prefix: string; ms: number; stillActs?: boolean }[] = [];
  const gates: { prefix: string; held: (() => void)[]; open: boolean }[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const fake: FakePhonePe = {
    baseUrl: '',
    close: async () => undefined,
    clientId,
    clientSecret,
    clientVersion,
    requests: [],
    orders: new Map(),
    tokenLifetimeSeconds: 3600,
    now: Date.now,
    revokeTokens: () => tokens.clear(),
    failNext: (prefix, status, body) => failures.push({ prefix, status, body }),
    delayNext: (prefix, ms, options) => delays.push({ prefix, ms, ...options }),
    hold(prefix) {
      const gate = { prefix, held: [] as (() => void)[], open: false };
      gates.push(gate);
      return {
        waiting: () => gate.held.length,
        release() {
          gate.open = true;
          gates.splice(gates.indexOf(gate), 1);
          for (const resume of gate.held.splice(0)) resume();
        },
      };
    },
    settle(merchantOrderId, state, amount) {
      const order = fake.orders.get(merchantOrderId);
      if (!order) throw new Error(`no fake order ${merchantOrderId}`);
      order.state = state;
      if (amount !== undefined) order.reportedAmount = amount;
    },
    count: (method, prefix) =>
      fake.requests.filter((r) => r.method === method && r.path.startsWith(prefix)).length,
  };

  const take = <T extends { prefix: string }>(list: T[], path: string): T | undefined => {
    const index = list.findIndex((item) => path.startsWith(item.prefix));
    return index === -1 ? undefined : list.splice(index, 1)[0];
  };

  const authorised = (req: IncomingMessage) => {
    const match = req.headers.authorization?.match(/^O-Bearer (\S+)$/);
    return !!match && tokens.has(match[1]);
  };

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    const gate = gates.find((g) => path.startsWith(g.prefix));
    if (gate) await new Promise<void>((resolve) => gate.held.push(resolve));
    const delay = take(delays, path);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    if (res.destroyed && !delay?.stillActs) return;
    const failure = take(failures, path);
    if (failure) {
      if (failure.body === undefined) {
        res.writeHead(failure.status, { 'content-type': 'text/plain' });
        return res.end('upstream trouble');
      }
      return json(res, failure.status, failure.body);
    }

    if (req.method === 'POST' && path === '/v1/oauth/token') {
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return json(res, 400, { code: 'BAD_REQUEST', message: 'form body expected' });
      }
      const form = new URLSearchParams(body);
      if (
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        form.get('client_version') !== clientVersion ||
        form.get('grant_type') !== 'client_credentials'
      ) {
        return json(res, 401, { code: 'UNAUTHORIZED', message: 'Client authentication failed' });
      }
      const token = `tok_${randomBytes(8).toString('hex')}`;
      tokens.add(token);
      const issuedAt = Math.floor(fake.now() / 1000);
      return json(res, 200, {
        access_token: token,
        encrypted_access_token: token,
        expires_in: null,
        issued_at: issuedAt,
        expires_at: issuedAt + fake.tokenLifetimeSeconds,
        session_expires_at: issuedAt + fake.tokenLifetimeSeconds,
        token_type: 'O-Bearer',
      });
    }

    if (req.method === 'POST' && path === '/checkout/v2/pay') {
      if (!authorised(req))
        return json(res, 401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return json(res, 400, { code: 'BAD_REQUEST', message: 'Invalid JSON' });
      }
      const flow = input.paymentFlow as
        { type?: string; merchantUrls?: { redirectUrl?: string } } | undefined;
      const expireAfter = input.expireAfter as number;
      if (
        typeof input.merchantOrderId !== 'string' ||
        !/^[A-Za-z0-9_-]{1,63}$/.test(input.merchantOrderId) ||
        !Number.isInteger(input.amount) ||
        (input.amount as number) < 100 ||
        !(expireAfter >= 300 && expireAfter <= 3600) ||
        flow?.type !== 'PG_CHECKOUT' ||
        !flow.merchantUrls?.redirectUrl
      ) {
        return json(res, 400, { code: 'BAD_REQUEST', message: 'Invalid pay request' });
      }
      if (fake.orders.has(input.merchantOrderId)) {
        return json(res, 409, { code: 'DUPLICATE', message: 'Duplicate merchantOrderId' });
      }
      const orderId = `OMO${randomBytes(6).toString('hex')}`;
      fake.orders.set(input.merchantOrderId, {
        merchantOrderId: input.merchantOrderId,
        orderId,
        amount: input.amount as number,
        state: 'PENDING',
        body: input,
      });
      return json(res, 200, {
        orderId,
        state: 'PENDING',
        expireAt: fake.now() + expireAfter * 1000,
        redirectUrl: `${fake.baseUrl}/hosted/${orderId}`,
      });
    }

    const status = path.match(/^\/checkout\/v2\/order\/([^/]+)\/status$/);
    if (req.method === 'GET' && status) {
      if (!authorised(req))
        return json(res, 401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
      const order = fake.orders.get(decodeURIComponent(status[1]));
      if (!order) return json(res, 404, { code: 'NOT_FOUND', message: 'Order not found' });
      return json(res, 200, {
        orderId: order.orderId,
        state: order.state,
        amount: order.reportedAmount ?? order.amount,
        expireAt: fake.now() + 600_000,
        metaInfo: order.body.metaInfo,
        ...(order.state === 'FAILED'
          ? { errorCode: 'PAYMENT_DECLINED', detailedErrorCode: 'TXN_DECLINED' }
          : {}),
        paymentDetails: [],
      });
    }

    return json(res, 404, { code: 'NOT_FOUND', message: `No route ${req.method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: Error) => {
        if (!res.headersSent) json(res, 500, { message: error.message });
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
