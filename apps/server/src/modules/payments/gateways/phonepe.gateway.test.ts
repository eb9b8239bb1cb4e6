import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakePhonePe, type FakePhonePe } from '../../../../test/fake-phonepe.ts';
import { PaymentGatewayError } from './payment-gateway.ts';
import { createPhonePeGateway, type PhonePeOptions } from './phonepe.gateway.ts';

let fake: FakePhonePe;
let clock: number;

beforeAll(async () => {
  fake = await startFakePhonePe();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  fake.requests.length = 0;
  fake.tokenLifetimeSeconds = 3600;
});

function gateway(options: Partial<PhonePeOptions> = {}) {
  clock = Date.parse('2025-06-01T10:00:00Z');
  fake.now = () => clock;
  return createPhonePeGateway({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    clientVersion: fake.clientVersion,
    env: 'sandbox',
    baseUrl: fake.baseUrl,
    now: () => clock,
    ...options,
  });
}

let sequence = 0;
const payInput = () => ({
  merchantOrderId: `CCTEST_${Date.now()}_${++sequence}`,
  amountPaise: 24_900,
  plan: 'BASIC' as const,
  returnUrl: 'http://localhost:8080/payment-status?merchantOrderId=x',
});

describe('PhonePe gateway against a local fake', () => {
  it('gets an O-Bearer token with the client-credential form, then pays with the documented body', async () => {
    const input = payInput();
    const started = await gateway().startPayment(input);

    const [tokenCall, payCall] = fake.requests;
    expect(tokenCall.path).toBe('/v1/oauth/token');
    expect(tokenCall.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenCall.body))).toEqual({
      client_id: fake.clientId,
      client_version: fake.clientVersion,
      client_secret: fake.clientSecret,
      grant_type: 'client_credentials',
    });
    expect(payCall.path).toBe('/checkout/v2/pay');
    expect(payCall.headers.authorization).toMatch(/^O-Bearer tok_[0-9a-f]+$/);
    const body = JSON.parse(payCall.body);
    expect(body).toMatchObject({
      merchantOrderId: input.merchantOrderId,
      amount: 24_900,
      metaInfo: { udf1: 'BASIC' },
      paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: input.returnUrl } },
    });
    expect(body.expireAfter).toBeGreaterThanOrEqual(300);
    expect(body.expireAfter).toBeLessThanOrEqual(3600);
    expect(typeof body.paymentFlow.message).toBe('string');

    const order = fake.orders.get(input.merchantOrderId)!;
    expect(started).toEqual({
      redirectUrl: `${fake.baseUrl}/hosted/${order.orderId}`,
      gatewayOrderId: order.orderId,
    });
  });

  it('caches the token until shortly before expires_at, then fetches a new one', async () => {
    const client = gateway({ tokenRefreshMarginSeconds: 120 });
    await client.startPayment(payInput());
    await client.startPayment(payInput());
    expect(fake.count('POST', '/v1/oauth/token')).toBe(1);

    clock += (3600 - 121) * 1000; // still outside the margin
    await client.startPayment(payInput());
    expect(fake.count('POST', '/v1/oauth/token')).toBe(1);

    clock += 2000; // now inside the last 120 s
    await client.startPayment(payInput());
    expect(fake.count('POST', '/v1/oauth/token')).toBe(2);
    const [, second] = fake.requests
      .filter((r) => r.path === '/checkout/v2/pay')
      .slice(-2)
      .map((r) => r.headers.authorization);
    expect(second).not.toBe(
      fake.requests.find((r) => r.path === '/checkout/v2/pay')!.headers.authorization,
    );
  });

  it('shares one token request between concurrent calls', async () => {
    const client = gateway();
    await Promise.all(Array.from({ length: 5 }, () => client.startPayment(payInput())));
    expect(fake.count('POST', '/v1/oauth/token')).toBe(1);
    expect(fake.count('POST', '/checkout/v2/pay')).toBe(5);
  });

  it('fetches a new token once when the gateway rejects the cached one with 401', async () => {
    const client = gateway();
    const input = payInput();
    await client.startPayment(input);
    fake.revokeTokens();
    await expect(client.fetchStatus(input.merchantOrderId)).resolves.toMatchObject({
      state: 'PENDING',
    });
    expect(fake.count('POST', '/v1/oauth/token')).toBe(2);
  });

  it('gives up after a second 401 instead of looping', async () => {
    const client = gateway();
    const input = payInput();
    await client.startPayment(input);
    fake.revokeTokens();
    fake.failNext('/checkout/v2/order/', 401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    fake.failNext('/checkout/v2/order/', 401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    await expect(client.fetchStatus(input.merchantOrderId)).rejects.toMatchObject({ status: 401 });
    expect(fake.count('GET', '/checkout/v2/order/')).toBe(2);
  });

  it('turns a 4xx answer into a gateway error carrying PhonePe’s message', async () => {
    const client = gateway();
    fake.failNext('/checkout/v2/pay', 400, { code: 'BAD_REQUEST', message: 'Invalid amount' });
    const error = await client.startPayment(payInput()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ status: 400, message: 'Payment gateway error: Invalid amount' });
  });

  it('turns a 5xx answer without JSON into a gateway error naming the status', async () => {
    const client = gateway();
    fake.failNext('/checkout/v2/pay', 503);
    await expect(client.startPayment(payInput())).rejects.toMatchObject({
      status: 503,
      message: 'Payment gateway error (HTTP 503).',
    });
  });

  it('fails a token request the gateway refuses', async () => {
    const client = gateway({ clientSecret: 'wrong' });
    await expect(client.startPayment(payInput())).rejects.toMatchObject({
      status: 401,
      message: 'Payment gateway error: Client authentication failed',
    });
    expect(fake.count('POST', '/checkout/v2/pay')).toBe(0);
  });

  it('stops waiting after the time-out', async () => {
    const client = gateway({ timeoutMs: 150 });
    fake.delayNext('/checkout/v2/pay', 1000);
    const started = Date.now();
    await expect(client.startPayment(payInput())).rejects.toThrow(
      'The payment gateway did not answer in time.',
    );
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('ends token and pay at one shared deadline', async () => {
    // Each call alone fits in 300 ms; the two together do not.
    fake.delayNext('/v1/oauth/token', 200);
    fake.delayNext('/checkout/v2/pay', 200);
    await expect(
      gateway().startPayment(payInput(), { deadline: Date.now() + 300 }),
    ).rejects.toThrow('The payment gateway did not answer in time.');
  });

  it('says a pay request left unanswered may have started the payment; a token time-out or an error answer not', async () => {
    fake.delayNext('/checkout/v2/pay', 1000);
    await expect(
      gateway().startPayment(payInput(), { deadline: Date.now() + 150 }),
    ).rejects.toMatchObject({
      message: 'The payment gateway did not answer in time.',
      outcomeUnknown: true,
    });

    fake.delayNext('/v1/oauth/token', 1000);
    await expect(
      gateway().startPayment(payInput(), { deadline: Date.now() + 150 }),
    ).rejects.toMatchObject({
      message: 'The payment gateway did not answer in time.',
      outcomeUnknown: false,
    });

    fake.failNext('/checkout/v2/pay', 500, { code: 'INTERNAL', message: 'Something broke' });
    await expect(gateway().startPayment(payInput())).rejects.toMatchObject({
      status: 500,
      outcomeUnknown: false,
    });
  });

  it('ends a status question at its deadline', async () => {
    const client = gateway();
    const input = payInput();
    await client.startPayment(input);
    fake.delayNext('/checkout/v2/order/', 1000);
    const started = Date.now();
    await expect(
      client.fetchStatus(input.merchantOrderId, { deadline: Date.now() + 150 }),
    ).rejects.toMatchObject({
      message: 'The payment gateway did not answer in time.',
      outcomeUnknown: false,
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('rejects a pay answer without a checkout address', async () => {
    const client = gateway();
    fake.failNext('/checkout/v2/pay', 200, { orderId: 'OMO1', state: 'PENDING' });
    await expect(client.startPayment(payInput())).rejects.toThrow(
      'The payment gateway answered without a checkout address.',
    );
  });

  it('reads state, amount and the failure code from the order status', async () => {
    const client = gateway();
    const input = payInput();
    await client.startPayment(input);
    fake.settle(input.merchantOrderId, 'FAILED');
    await expect(client.fetchStatus(input.merchantOrderId)).resolves.toEqual({
      state: 'FAILED',
      amountPaise: 24_900,
      gatewayOrderId: fake.orders.get(input.merchantOrderId)!.orderId,
      failureMessage: 'TXN_DECLINED',
    });
    const statusCall = fake.requests.at(-1)!;
    expect(statusCall.path).toBe(`/checkout/v2/order/${input.merchantOrderId}/status`);
    expect(statusCall.headers.authorization).toMatch(/^O-Bearer /);
  });

  it.each([
    [
      'sandbox',
      'https://api-preprod.phonepe.com/apis/pg-sandbox/v1/oauth/token',
      'https://api-preprod.phonepe.com/apis/pg-sandbox/checkout/v2/pay',
    ],
    [
      'production',
      'https://api.phonepe.com/apis/identity-manager/v1/oauth/token',
      'https://api.phonepe.com/apis/pg/checkout/v2/pay',
    ],
  ] as const)('uses the %s hosts when no base URL is set', async (env, tokenUrl, payUrl) => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      calls.push(String(url));
      return calls.length === 1
        ? Response.json({ access_token: 't', expires_at: 4_000_000_000, token_type: 'O-Bearer' })
        : Response.json({
            orderId: 'OMO1',
            state: 'PENDING',
            redirectUrl: 'https://pay.example/x',
          });
    });
    await gateway({ env, baseUrl: undefined }).startPayment(payInput());
    expect(calls).toEqual([tokenUrl, payUrl]);
  });
});
