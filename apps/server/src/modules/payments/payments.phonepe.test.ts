import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, users } from '../../db/schema/index.ts';
import { startFakePhonePe, type FakePhonePe } from '../../../test/fake-phonepe.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { webhookAuthorization } from './payments.routes.ts';
import {
  CREATE_ORDER_BUDGET_MS,
  PAYMENT_EXPIRED_UNCONFIRMED,
  STATUS_BUDGET_MS,
} from './payments.service.ts';

/** Counts real winners of the conditional grant (the repository itself is untouched). */
const grants = vi.hoisted(() => ({ count: 0 }));
vi.mock('./payments.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./payments.repository.ts')>();
  return {
    ...original,
    createPaymentsRepository: (db: Parameters<typeof original.createPaymentsRepository>[0]) => {
      const repository = original.createPaymentsRepository(db);
      return {
        ...repository,
        complete: async (...args: Parameters<typeof repository.complete>) => {
          const result = await repository.complete(...args);
          if (result.granted) grants.count++;
          return result;
        },
      };
    },
  };
});

const WEBHOOK_USER = 'hook-user';
const WEBHOOK_PASSWORD = 'hook-password';
const goodAuthorization = webhookAuthorization(WEBHOOK_USER, WEBHOOK_PASSWORD);

let fake: FakePhonePe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePhonePe();
  t = await buildTestApp({
    PAYMENT_GATEWAY: 'phonepe',
    PHONEPE_CLIENT_ID: fake.clientId,
    PHONEPE_CLIENT_SECRET: fake.clientSecret,
    PHONEPE_CLIENT_VERSION: fake.clientVersion,
    PHONEPE_BASE_URL: fake.baseUrl,
    PHONEPE_WEBHOOK_USERNAME: WEBHOOK_USER,
    PHONEPE_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  grants.count = 0;
});

const userPlan = async (subject: string) =>
  (await t.database.db.select().from(users).where(eq(users.subject, subject)))[0]?.plan;
const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.merchantOrderId, id)))[0];

async function buy(subject: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-order',
    headers: await t.authHeaders({ subject }),
    payload: { planType: 'BASIC' },
  });
  return res;
}

async function poll(subject: string, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/payment/fetch-order-status/${id}`,
    headers: await t.authHeaders({ subject }),
  });
}

function webhook(body: unknown, authorization: string | null = goodAuthorization) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: authorization === null ? {} : { authorization },
    payload: body as object,
  });
}

const completedEvent = (merchantOrderId: string, amount = 24_900, extra = {}) => ({
  event: 'checkout.order.completed',
  payload: {
    merchantOrderId,
    orderId: fake.orders.get(merchantOrderId)?.orderId,
    state: 'COMPLETED',
    amount,
    expireAt: Date.now() + 600_000,
    paymentDetails: [{ paymentMode: 'UPI_QR', amount, state: 'COMPLETED' }],
    ...extra,
  },
});

describe('create-order through PhonePe', () => {
  it('sends the server-side amount and our return address, and answers PhonePe’s checkout URL', async () => {
    const res = await buy('pp-buyer');
    expect(res.statusCode).toBe(200);
    const { merchantOrderId, redirectUrl } = res.json();
    const sent = fake.orders.get(merchantOrderId)!;
    expect(sent.amount).toBe(24_900);
    expect(sent.body.paymentFlow).toMatchObject({
      type: 'PG_CHECKOUT',
      merchantUrls: {
        redirectUrl: `http://localhost:8080/payment-status?merchantOrderId=${merchantOrderId}`,
      },
    });
    expect(redirectUrl).toBe(`${fake.baseUrl}/hosted/${sent.orderId}`);
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'PENDING',
      gatewayOrderId: sent.orderId,
    });
  });

  it('answers 502 when PhonePe fails, and keeps the order as FAILED with the failure message', async () => {
    fake.failNext('/checkout/v2/pay', 500, { code: 'INTERNAL', message: 'Something broke' });
    const res = await buy('pp-broken');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'PAYMENT_GATEWAY_UNAVAILABLE',
      message: 'The payment service is not available right now. Please try again later.',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject: 'pp-broken' }),
    });
    expect(list.json()).toHaveLength(1);
    const [order] = list.json();
    expect(order).toMatchObject({ orderStatus: 'FAILED', amount: 24_900 });
    expect((await orderRow(order.merchantOrderId)).failureMessage).toBe(
      'Payment gateway error: Something broke',
    );
    expect(await userPlan('pp-broken')).toBe('FREE');
  });
});

describe('order status through PhonePe', () => {
  it('asks PhonePe while PENDING and grants Basic once it says COMPLETED', async () => {
    const { merchantOrderId } = (await buy('pp-poll')).json();
    expect((await poll('pp-poll', merchantOrderId)).json()).toEqual({
      state: 'PENDING',
      planType: 'BASIC',
    });
    fake.settle(merchantOrderId, 'COMPLETED');
    expect((await poll('pp-poll', merchantOrderId)).json()).toEqual({
      state: 'COMPLETED',
      planType: 'BASIC',
    });
    expect(await userPlan('pp-poll')).toBe('BASIC');
    expect(grants.count).toBe(1);

    // Settled orders are answered from the database without asking PhonePe again.
    const before = fake.count('GET', '/checkout/v2/order/');
    await poll('pp-poll', merchantOrderId);
    expect(fake.count('GET', '/checkout/v2/order/')).toBe(before);
  });

  it('charges Premium yearly ₹950 and, once PhonePe says COMPLETED, runs Premium for a year (India calendar)', async () => {
    const paidAt = new Date('2026-02-28T00:00:00.000Z').getTime(); // 28 Feb, 05:30 IST
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(paidAt);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/create-order',
        headers: await t.authHeaders({ subject: 'pp-premium' }),
        payload: { planType: 'PREMIUM', billingPeriod: 'YEARLY' },
      });
      expect(res.statusCode).toBe(200);
      const { merchantOrderId } = res.json();
      expect(fake.orders.get(merchantOrderId)).toMatchObject({ amount: 95_000 });
      expect(fake.orders.get(merchantOrderId)?.body.metaInfo).toEqual({ udf1: 'PREMIUM' });
      fake.settle(merchantOrderId, 'COMPLETED');
      expect((await poll('pp-premium', merchantOrderId)).json()).toEqual({
        state: 'COMPLETED',
        planType: 'PREMIUM',
        billingPeriod: 'YEARLY',
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: await t.authHeaders({ subject: 'pp-premium' }),
      });
      expect(me.json()).toMatchObject({
        plan: 'PREMIUM',
        ownedPlan: 'FREE',
        planExpiresAt: '2027-02-28T00:00:00.000Z',
      });
      expect(grants.count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('grants exactly once when 20 status polls and 5 duplicate webhooks race', async () => {
    const { merchantOrderId } = (await buy('pp-race')).json();
    fake.settle(merchantOrderId, 'COMPLETED');
    const headers = await t.authHeaders({ subject: 'pp-race' });
    // Every poll reads PENDING and waits at PhonePe; meanwhile the duplicate webhooks arrive;
    // then PhonePe answers all polls at once.
    const gate = fake.hold('/checkout/v2/order/');
    const polls = Array.from({ length: 20 }, () =>
      t.app.inject({
        method: 'GET',
        url: `/api/payment/fetch-order-status/${merchantOrderId}`,
        headers,
      }),
    );
    await vi.waitFor(() => expect(gate.waiting()).toBe(20), { timeout: 10_000 });
    const hooks = Array.from({ length: 5 }, () => webhook(completedEvent(merchantOrderId)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    gate.release();
    const [pollAnswers, hookAnswers] = await Promise.all([Promise.all(polls), Promise.all(hooks)]);
    for (const answer of pollAnswers)
      expect(answer.json()).toEqual({ state: 'COMPLETED', planType: 'BASIC' });
    for (const answer of hookAnswers) expect(answer.statusCode).toBe(200);
    expect(grants.count).toBe(1);
    expect(await userPlan('pp-race')).toBe('BASIC');
    const row = await orderRow(merchantOrderId);
    expect(row.status).toBe('COMPLETED');
    const grantedAt = row.planGrantedAt;

    // Later duplicates change nothing, not even a plan someone lowered by hand since.
    await t.database.db.update(users).set({ plan: 'FREE' }).where(eq(users.subject, 'pp-race'));
    await webhook(completedEvent(merchantOrderId));
    await poll('pp-race', merchantOrderId);
    expect(grants.count).toBe(1);
    expect(await userPlan('pp-race')).toBe('FREE');
    expect((await orderRow(merchantOrderId)).planGrantedAt).toEqual(grantedAt);
  });

  it('marks the order FAILED when PhonePe says FAILED', async () => {
    const { merchantOrderId } = (await buy('pp-failed')).json();
    fake.settle(merchantOrderId, 'FAILED');
    expect((await poll('pp-failed', merchantOrderId)).json()).toEqual({
      state: 'FAILED',
      planType: 'BASIC',
    });
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'FAILED',
      failureMessage: 'TXN_DECLINED',
    });
    expect(await userPlan('pp-failed')).toBe('FREE');
  });

  it('grants nothing when PhonePe reports a different amount', async () => {
    const { merchantOrderId } = (await buy('pp-short')).json();
    fake.settle(merchantOrderId, 'COMPLETED', 100);
    expect((await poll('pp-short', merchantOrderId)).json()).toEqual({
      state: 'FAILED',
      planType: 'BASIC',
    });
    expect(await orderRow(merchantOrderId)).toMatchObject({
      failureMessage: 'Payment amount mismatch',
      planGrantedAt: null,
    });
    expect(await userPlan('pp-short')).toBe('FREE');
    expect(grants.count).toBe(0);
  });

  it('keeps the order PENDING when PhonePe answers 5xx or too slowly, and completes it later', async () => {
    const { merchantOrderId } = (await buy('pp-flaky')).json();
    fake.settle(merchantOrderId, 'COMPLETED');
    fake.failNext('/checkout/v2/order/', 503);
    expect((await poll('pp-flaky', merchantOrderId)).json()).toEqual({
      state: 'PENDING',
      planType: 'BASIC',
    });
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
    expect((await poll('pp-flaky', merchantOrderId)).json()).toEqual({
      state: 'COMPLETED',
      planType: 'BASIC',
    });
    expect(await userPlan('pp-flaky')).toBe('BASIC');
  });

  it('fetches a new token when PhonePe has dropped the cached one', async () => {
    const { merchantOrderId } = (await buy('pp-token')).json();
    const tokensBefore = fake.count('POST', '/v1/oauth/token');
    fake.revokeTokens();
    fake.settle(merchantOrderId, 'COMPLETED');
    expect((await poll('pp-token', merchantOrderId)).json()).toEqual({
      state: 'COMPLETED',
      planType: 'BASIC',
    });
    expect(fake.count('POST', '/v1/oauth/token')).toBe(tokensBefore + 1);
  });
});

describe('POST /api/payment/webhook', () => {
  it.each([
    ['no Authorization header', null],
    ['a wrong password', webhookAuthorization(WEBHOOK_USER, 'guess')],
    ['the plain credentials', `${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`],
    ['the digest upper-cased', goodAuthorization.toUpperCase()],
    ['the digest with a prefix', `SHA256 ${goodAuthorization}`],
  ])('rejects %s with 401 and changes nothing', async (label, authorization) => {
    const { merchantOrderId } = (await buy(`pp-forged-${label.replace(/\W+/g, '-')}`)).json();
    const res = await webhook(completedEvent(merchantOrderId), authorization);
    expect(res.statusCode).toBe(401);
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
    expect(await userPlan(`pp-forged-${label.replace(/\W+/g, '-')}`)).toBe('FREE');
    expect(grants.count).toBe(0);
  });

  it('completes the order and grants Basic, tolerating unknown fields', async () => {
    const { merchantOrderId } = (await buy('pp-hook')).json();
    const res = await webhook({
      ...completedEvent(merchantOrderId, 24_900, { someNewField: { nested: true } }),
      newTopLevel: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
    expect(await userPlan('pp-hook')).toBe('BASIC');
  });

  it('marks the order FAILED on checkout.order.failed', async () => {
    const { merchantOrderId } = (await buy('pp-hook-failed')).json();
    const res = await webhook({
      event: 'checkout.order.failed',
      payload: { merchantOrderId, state: 'FAILED', amount: 24_900 },
    });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'FAILED' });
  });

  it('grants nothing for a completion with a different amount', async () => {
    const { merchantOrderId } = (await buy('pp-hook-short')).json();
    await webhook(completedEvent(merchantOrderId, 24_800));
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'FAILED',
      failureMessage: 'Payment amount mismatch',
    });
    expect(await userPlan('pp-hook-short')).toBe('FREE');
  });

  it('checks with PhonePe when a completion carries no amount', async () => {
    const { merchantOrderId } = (await buy('pp-hook-noamount')).json();
    const body = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId, state: 'COMPLETED' },
    };
    await webhook(body); // PhonePe still says PENDING: nothing granted
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
    fake.settle(merchantOrderId, 'COMPLETED');
    await webhook(body);
    expect(await userPlan('pp-hook-noamount')).toBe('BASIC');
  });

  it('acknowledges unknown events and unknown orders without changing anything', async () => {
    const { merchantOrderId } = (await buy('pp-hook-other')).json();
    const refund = await webhook({
      event: 'pg.refund.completed',
      payload: { merchantOrderId, state: 'COMPLETED', amount: 24_900 },
    });
    expect(refund.statusCode).toBe(200);
    const unknown = await webhook(completedEvent('CCUNKNOWN_order'));
    expect(unknown.statusCode).toBe(200);
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
  });
});

describe('background reconciliation (no browser, no webhook)', () => {
  const createdAtOf = async (id: string) => (await orderRow(id)).createdAt.getTime();
  const at = (created: number, seconds: number) => new Date(created + seconds * 1000);
  const statusCallsOf = (id: string) => fake.count('GET', `/checkout/v2/order/${id}/status`);

  it('first asks about 20 s after the order, then on the back-off, and grants once when PhonePe says COMPLETED', async () => {
    const { merchantOrderId } = (await buy('pp-recon')).json();
    const created = await createdAtOf(merchantOrderId);
    const statusCalls = () => statusCallsOf(merchantOrderId);
    const before = statusCalls();
    // Nothing is due before 20 s.
    await t.app.payments.reconcileDue(at(created, 19));
    expect(statusCalls()).toBe(before);
    await t.app.payments.reconcileDue(at(created, 20));
    expect(statusCalls()).toBe(before + 1);
    expect((await orderRow(merchantOrderId)).nextCheckAt).toEqual(at(created, 23));
    // Not due again until 23 s.
    await t.app.payments.reconcileDue(at(created, 22));
    expect(statusCalls()).toBe(before + 1);
    fake.settle(merchantOrderId, 'COMPLETED');
    await t.app.payments.reconcileDue(at(created, 23));
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
    expect(await userPlan('pp-recon')).toBe('BASIC');
    expect(grants.count).toBe(1);
    // A settled order is never asked about again.
    await t.app.payments.reconcileDue(at(created, 3600));
    expect(statusCalls()).toBe(before + 2);
    expect(grants.count).toBe(1);
  });

  it('marks the order FAILED when PhonePe says so', async () => {
    const { merchantOrderId } = (await buy('pp-recon-failed')).json();
    const created = await createdAtOf(merchantOrderId);
    fake.settle(merchantOrderId, 'FAILED');
    await t.app.payments.reconcileDue(at(created, 20));
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'FAILED' });
  });

  it('gives up once the checkout has expired: FAILED with a reason', async () => {
    const { merchantOrderId } = (await buy('pp-recon-expired')).json();
    const created = await createdAtOf(merchantOrderId);
    await t.app.payments.reconcileDue(at(created, 21 * 60));
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'FAILED',
      failureMessage: 'Payment expired',
    });
  });

  it('picks pending orders up again after a restart, and still grants once', async () => {
    const { merchantOrderId } = (await buy('pp-recon-restart')).json();
    const created = await createdAtOf(merchantOrderId);
    await t.app.payments.reconcileDue(at(created, 20));
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
    // Another process on the same database, as after a restart.
    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      identityKeys: t.keys,
    });
    await restarted.ready();
    try {
      fake.settle(merchantOrderId, 'COMPLETED');
      await restarted.payments.reconcileDue(at(created, 60));
      expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
      await t.app.payments.reconcileDue(at(created, 120));
      expect(grants.count).toBe(1);
      expect(await userPlan('pp-recon-restart')).toBe('BASIC');
    } finally {
      await restarted.close();
    }
  });

  it('keeps asking each minute past the expiry while PhonePe cannot be reached, then fails it an hour later', async () => {
    const { merchantOrderId } = (await buy('pp-recon-unreachable')).json();
    const created = await createdAtOf(merchantOrderId);
    fake.failNext(`/checkout/v2/order/${merchantOrderId}/`, 503);
    await t.app.payments.reconcileDue(at(created, 21 * 60));
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'PENDING',
      nextCheckAt: at(created, 1310),
    });
    // Each minute on the schedule (…, 4850, 4910 s) while it stays unreachable.
    fake.failNext(`/checkout/v2/order/${merchantOrderId}/`, 503);
    await t.app.payments.reconcileDue(at(created, 4850));
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'PENDING',
      nextCheckAt: at(created, 4910),
    });
    // An hour past the expiry (21 min + 60 min = 4860 s): written off, saying why.
    fake.failNext(`/checkout/v2/order/${merchantOrderId}/`, 503);
    await t.app.payments.reconcileDue(at(created, 4910));
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'FAILED',
      failureMessage: PAYMENT_EXPIRED_UNCONFIRMED,
    });
    expect(PAYMENT_EXPIRED_UNCONFIRMED).toBe('Payment expired; the gateway could not confirm it');
  });

  it('grants an expired order PhonePe reports paid once it answers again', async () => {
    const { merchantOrderId } = (await buy('pp-recon-late')).json();
    const created = await createdAtOf(merchantOrderId);
    fake.failNext(`/checkout/v2/order/${merchantOrderId}/`, 503);
    await t.app.payments.reconcileDue(at(created, 21 * 60));
    fake.settle(merchantOrderId, 'COMPLETED');
    await t.app.payments.reconcileDue(at(created, 1310));
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
    expect(await userPlan('pp-recon-late')).toBe('BASIC');
    expect(grants.count).toBe(1);
  });

  it('re-checks a pending order when Order History opens', async () => {
    const { merchantOrderId } = (await buy('pp-history')).json();
    fake.settle(merchantOrderId, 'COMPLETED');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject: 'pp-history' }),
    });
    expect(res.json()[0]).toMatchObject({ merchantOrderId, orderStatus: 'COMPLETED' });
    expect(await userPlan('pp-history')).toBe('BASIC');
  });
});

describe('gateway time budgets', () => {
  const listOrders = async (subject: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject }),
    });

  it('answers create-order within the checkout window when PhonePe is slow, and leaves the order PENDING for the reconciler', async () => {
    fake.delayNext('/checkout/v2/pay', 9000, { stillActs: true });
    const started = Date.now();
    const res = await buy('pp-slow');
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    expect(elapsed).toBeLessThan(CREATE_ORDER_BUDGET_MS + 1000);

    // PhonePe may have made the order all the same: it is not written off.
    const [order] = (await listOrders('pp-slow')).json();
    expect(order).toMatchObject({ orderStatus: 'PENDING' });
    const merchantOrderId: string = order.merchantOrderId;
    expect((await orderRow(merchantOrderId)).failureMessage).toBeNull();

    // It did, and the payer paid: the background check grants the plan.
    await vi.waitFor(() => expect(fake.orders.has(merchantOrderId)).toBe(true), {
      timeout: 5_000,
    });
    fake.settle(merchantOrderId, 'COMPLETED');
    const created = (await orderRow(merchantOrderId)).createdAt.getTime();
    await t.app.payments.reconcileDue(new Date(created + 20_000));
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
    expect(await userPlan('pp-slow')).toBe('BASIC');
    expect(grants.count).toBe(1);
  });

  it('answers Order History within the status budget when PhonePe is slow, the order still PENDING', async () => {
    const { merchantOrderId } = (await buy('pp-history-slow')).json();
    fake.delayNext(`/checkout/v2/order/${merchantOrderId}/`, 8000);
    const started = Date.now();
    const res = await listOrders('pp-history-slow');
    expect(Date.now() - started).toBeLessThan(STATUS_BUDGET_MS + 1000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ merchantOrderId, orderStatus: 'PENDING' }),
    ]);
  });
});

describe('webhook without configured credentials (the sandbox gateway)', () => {
  it('rejects every call', async () => {
    const bare = await buildTestApp({ PAYMENT_GATEWAY: 'sandbox' });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { authorization: webhookAuthorization('', '') },
        payload: { event: 'checkout.order.completed', payload: {} },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
