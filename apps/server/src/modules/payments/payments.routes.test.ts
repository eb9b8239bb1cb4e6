import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userPlan(subject: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.subject, subject));
  return row?.plan;
}

async function orderRow(merchantOrderId: string) {
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.merchantOrderId, merchantOrderId));
  return row;
}

async function createOrder(subject: string, body: unknown = { planType: 'BASIC' }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/create-order',
    headers: await t.authHeaders({ subject }),
    payload: body as object,
  });
}

describe('owner payment calls need a signed-in user', () => {
  it.each([
    ['POST', '/api/payment/create-order'],
    ['GET', '/api/payment/fetch-order-status/CC123_abc'],
    ['GET', '/api/user/orders'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('POST /api/payment/create-order (sandbox gateway)', () => {
  it('stores a PENDING order priced from the plan table and answers the test checkout address', async () => {
    const res = await createOrder('buyer-1');
    expect(res.statusCode).toBe(200);
    const { redirectUrl, merchantOrderId } = res.json();
    expect(merchantOrderId).toMatch(/^[A-Za-z0-9_-]{1,63}$/);
    expect(redirectUrl).toBe(
      `http://localhost:8080/api/payment/sandbox/checkout/${merchantOrderId}`,
    );
    const row = await orderRow(merchantOrderId);
    expect(row).toMatchObject({ plan: 'BASIC', amountPaise: 24_900, status: 'PENDING' });
  });

  it('makes a different order id every time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await createOrder('buyer-ids')).json().merchantOrderId);
    expect(ids.size).toBe(5);
  });

  it('never takes the amount from the client', async () => {
    const res = await createOrder('buyer-2', { planType: 'BASIC', amount: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ amount: 'Unknown field' });
  });

  it.each([
    ['an unknown plan', { planType: 'GOLD' }],
    ['a lowercase plan key', { planType: 'basic' }],
    ['a missing plan', {}],
  ])('rejects %s with 400', async (_label, body) => {
    const res = await createOrder('buyer-3', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('planType');
  });

  it('refuses the Free plan, which needs no payment', async () => {
    const res = await createOrder('buyer-5', { planType: 'FREE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'FREE_NEEDS_NO_PAYMENT',
      message: 'The Free plan needs no payment.',
    });
  });

  it('answers 409 for a user already on Basic (from the database)', async () => {
    // The user row appears on the first authenticated call.
    await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject: 'basic-db' }),
    });
    expect(await userPlan('basic-db')).toBe('FREE');
    await t.database.db.update(users).set({ plan: 'BASIC' }).where(eq(users.subject, 'basic-db'));
    const res = await createOrder('basic-db');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already have this plan or a higher one.');
  });

  it("answers 409 for a user whose token (an external provider's) already carries 'basic'", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-order',
      headers: await t.authHeaders({ subject: 'basic-token', groups: ['basic'] }),
      payload: { planType: 'BASIC' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('sandbox checkout page', () => {
  it('shows a TEST MODE page with the plan, ₹249 and Pay, Fail and Cancel forms, under a strict CSP', async () => {
    const { merchantOrderId } = (await createOrder('page-1')).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = res.body;
    expect(html).toContain('TEST MODE');
    expect(html).toContain('CareCode Basic');
    expect(html).toContain('₹249');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<style|style="/);
    for (const action of ['pay', 'fail', 'cancel']) {
      expect(html).toContain(
        `<form method="post" action="/api/payment/sandbox/checkout/${merchantOrderId}/${action}">`,
      );
    }
    expect(html).toMatch(/<button type="submit" class="pay">Pay ₹249<\/button>/);

    const stylesheet = html.match(/href="([^"]+\.css)"/)![1];
    const css = await t.app.inject({ method: 'GET', url: stylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for an unknown order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payment/sandbox/checkout/CCNOPE_missing',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Order not found');
  });

  it('Pay completes the order, grants Basic and returns (303) to the payment-status page', async () => {
    const { merchantOrderId } = (await createOrder('page-pay')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `http://localhost:8080/payment-status?merchantOrderId=${merchantOrderId}`,
    );
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'COMPLETED' });
    expect((await orderRow(merchantOrderId)).planGrantedAt).toBeInstanceOf(Date);
    expect(await userPlan('page-pay')).toBe('BASIC');

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payment/fetch-order-status/${merchantOrderId}`,
      headers: await t.authHeaders({ subject: 'page-pay' }),
    });
    expect(status.json()).toEqual({ state: 'COMPLETED', planType: 'BASIC' });

    // Now on Basic: a second purchase is refused, and the page shows the settled order.
    expect((await createOrder('page-pay')).statusCode).toBe(409);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}`,
    });
    expect(page.body).toContain('This order is COMPLETED');
    expect(page.body).not.toContain('<form');
  });

  it.each([
    ['fail', 'Payment failed'],
    ['cancel', 'Payment cancelled'],
  ])('%s marks the order FAILED with %j and grants nothing', async (action, message) => {
    const subject = `page-${action}`;
    const { merchantOrderId } = (await createOrder(subject)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}/${action}`,
    });
    expect(res.statusCode).toBe(303);
    expect(await orderRow(merchantOrderId)).toMatchObject({
      status: 'FAILED',
      failureMessage: message,
      planGrantedAt: null,
    });
    expect(await userPlan(subject)).toBe('FREE');
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payment/fetch-order-status/${merchantOrderId}`,
      headers: await t.authHeaders({ subject }),
    });
    expect(status.json()).toEqual({ state: 'FAILED', planType: 'BASIC' });

    // A settled order keeps its state: pressing Pay afterwards changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}/pay`,
    });
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'FAILED' });
    expect(await userPlan(subject)).toBe('FREE');
  });

  it('rejects an unknown action', async () => {
    const { merchantOrderId } = (await createOrder('page-odd')).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}/refund`,
    });
    expect(res.statusCode).toBe(400);
    expect(await orderRow(merchantOrderId)).toMatchObject({ status: 'PENDING' });
  });
});

describe('GET /api/payment/fetch-order-status/{merchantOrderId}', () => {
  it("answers the owner's PENDING order", async () => {
    const { merchantOrderId } = (await createOrder('status-1')).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payment/fetch-order-status/${merchantOrderId}`,
      headers: await t.authHeaders({ subject: 'status-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'PENDING', planType: 'BASIC' });
  });

  it("answers 404 for another user's order, exactly like a missing one", async () => {
    const { merchantOrderId } = (await createOrder('status-owner')).json();
    const headers = await t.authHeaders({ subject: 'status-intruder' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/payment/fetch-order-status/${merchantOrderId}`,
      headers,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/payment/fetch-order-status/CC000_doesnotexist',
      headers,
    });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('rejects a malformed order id with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payment/fetch-order-status/${'x'.repeat(64)}`,
      headers: await t.authHeaders({ subject: 'status-2' }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/user/orders', () => {
  it("lists only the user's own orders, newest first, with amount in paise", async () => {
    const first = (await createOrder('lister')).json().merchantOrderId;
    const second = (await createOrder('lister')).json().merchantOrderId;
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(orders.merchantOrderId, first));
    await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${first}/cancel`,
    });
    await createOrder('someone-else');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject: 'lister' }),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { merchantOrderId: string }) => o.merchantOrderId)).toEqual([
      second,
      first,
    ]);
    expect(list[1]).toEqual({
      merchantOrderId: first,
      planType: 'BASIC',
      billingPeriod: null,
      orderStatus: 'FAILED',
      amount: 24_900,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
  });

  it('answers an empty list for a user without orders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await t.authHeaders({ subject: 'no-orders' }),
    });
    expect(res.json()).toEqual([]);
  });
});
