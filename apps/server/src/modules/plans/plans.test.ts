import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, users } from '../../db/schema/index.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createOwner, personDetails, scan } from '../scans/scans.test-kit.ts';
import { REMINDER_LEASE_MS } from './plan-reminders.plugin.ts';
import {
  decodeJwt,
  refresh,
  registerAndGetTokens,
  TestBrowser,
  type TokenSet,
} from '../identity/oidc-flow.test-support.ts';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'CareCode <no-reply@localhost>' },
    { alertDispatch: 'manual', planReminders: 'manual' },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** 31 January 2026, 12:00 in India: a month that has no 31st follows. */
const T0 = new Date('2026-01-31T06:30:00.000Z');
const DAY = 86_400_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fresh headers each time: the clock moves, and a token made before would have expired. */
const headersOf = (subject: string) => t.authHeaders({ subject });

async function createOrder(subject: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/create-order',
    headers: await headersOf(subject),
    payload: body as object,
  });
}

/** Buys through the sandbox: create-order, then Pay on the test checkout page. */
async function buy(subject: string, planType: string, billingPeriod?: string) {
  const res = await createOrder(subject, { planType, ...(billingPeriod ? { billingPeriod } : {}) });
  expect(res.statusCode).toBe(200);
  const { merchantOrderId } = res.json();
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/checkout/${merchantOrderId}/pay`,
  });
  expect(pay.statusCode).toBe(303);
  return merchantOrderId as string;
}

async function me(subject: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: await headersOf(subject),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.merchantOrderId, id)))[0];

async function createQrCode(subject: string, fullName = 'Asha') {
  return t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: await headersOf(subject),
    payload: { type: 'PERSON', details: personDetails(fullName) },
  });
}

describe('POST /api/payment/create-order with a billing period', () => {
  it.each([
    ['PREMIUM', 'MONTHLY', 9_900],
    ['PREMIUM', 'YEARLY', 95_000],
    ['BUSINESS', 'MONTHLY', 99_900],
    ['BUSINESS', 'YEARLY', 959_000],
    ['BASIC', undefined, 24_900],
  ] as const)('charges %s %s exactly %i paise', async (planType, billingPeriod, paise) => {
    const subject = `amount-${planType}-${billingPeriod}`;
    await createOwner(t, subject);
    const res = await createOrder(subject, { planType, billingPeriod });
    expect(res.statusCode).toBe(200);
    const { merchantOrderId, redirectUrl } = res.json();
    expect(redirectUrl).toBe(
      `http://localhost:8080/api/payment/sandbox/checkout/${merchantOrderId}`,
    );
    expect(await orderRow(merchantOrderId)).toMatchObject({
      plan: planType,
      billingPeriod: billingPeriod ?? null,
      amountPaise: paise,
      status: 'PENDING',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: await headersOf(subject),
    });
    expect(list.json()[0]).toMatchObject({
      merchantOrderId,
      planType,
      billingPeriod: billingPeriod ?? null,
      amount: paise,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payment/sandbox/checkout/${merchantOrderId}`,
    });
    expect(page.body).toContain(
      billingPeriod
        ? `CareCode ${planType === 'PREMIUM' ? 'Premium' : 'Business'} (${billingPeriod.toLowerCase()})`
        : 'CareCode Basic',
    );
  });

  it.each([
    [
      'Basic with a period',
      { planType: 'BASIC', billingPeriod: 'YEARLY' },
      { billingPeriod: 'Basic is a one-time payment: send no billing period.' },
    ],
    [
      'Premium without a period',
      { planType: 'PREMIUM' },
      { billingPeriod: 'Choose MONTHLY or YEARLY billing for Premium and Business.' },
    ],
    [
      'Business without a period',
      { planType: 'BUSINESS' },
      { billingPeriod: 'Choose MONTHLY or YEARLY billing for Premium and Business.' },
    ],
    [
      'an unknown period',
      { planType: 'PREMIUM', billingPeriod: 'WEEKLY' },
      { billingPeriod: 'Invalid value' },
    ],
    [
      'a lowercase period',
      { planType: 'PREMIUM', billingPeriod: 'yearly' },
      { billingPeriod: 'Invalid value' },
    ],
  ])('refuses %s with 400 and a field message', async (_label, body, fields) => {
    const res = await createOrder('invalid-combo', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await t.database.db.select().from(orders)).not.toContainEqual(
      expect.objectContaining({ userId: expect.anything(), plan: body.planType, amountPaise: 0 }),
    );
  });

  it('refuses Free with any period: it needs no payment', async () => {
    const res = await createOrder('free-period', { planType: 'FREE', billingPeriod: 'MONTHLY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Free plan needs no payment.');
  });
});

describe('a paid plan runs until planExpiresAt', () => {
  it('Premium monthly from 31 January runs to 28 February (India time); paying early extends from the old end', async () => {
    await createOwner(t, 'monthly-buyer');
    expect(await me('monthly-buyer')).toMatchObject({
      plan: 'FREE',
      ownedPlan: 'FREE',
      paidPlan: null,
      planExpiresAt: null,
      groups: [],
    });

    const first = await buy('monthly-buyer', 'PREMIUM', 'MONTHLY');
    expect((await orderRow(first)).status).toBe('COMPLETED');
    expect(await me('monthly-buyer')).toMatchObject({
      plan: 'PREMIUM',
      ownedPlan: 'FREE',
      paidPlan: 'PREMIUM',
      planExpiresAt: '2026-02-28T06:30:00.000Z',
    });

    // Ten days later, a year more: counted from 28 February, not from today.
    vi.setSystemTime(T0.getTime() + 10 * DAY);
    await buy('monthly-buyer', 'PREMIUM', 'YEARLY');
    expect((await me('monthly-buyer')).planExpiresAt).toBe('2027-02-28T06:30:00.000Z');
  });

  it('after the end, paying again counts from the day of payment', async () => {
    await createOwner(t, 'lapsed-buyer');
    await buy('lapsed-buyer', 'PREMIUM', 'MONTHLY');
    vi.setSystemTime(new Date('2026-03-10T04:30:00.000Z')); // 10 March, 10:00 IST
    expect((await me('lapsed-buyer')).plan).toBe('FREE');
    await buy('lapsed-buyer', 'PREMIUM', 'MONTHLY');
    expect(await me('lapsed-buyer')).toMatchObject({
      plan: 'PREMIUM',
      planExpiresAt: '2026-04-10T04:30:00.000Z',
    });
  });

  it('Business bought during Premium starts at once and keeps the Premium days; Premium waits while Business runs', async () => {
    await createOwner(t, 'upgrader');
    await buy('upgrader', 'PREMIUM', 'MONTHLY'); // to 28 Feb
    await buy('upgrader', 'BUSINESS', 'MONTHLY');
    expect(await me('upgrader')).toMatchObject({
      plan: 'BUSINESS',
      paidPlan: 'BUSINESS',
      planExpiresAt: '2026-03-28T06:30:00.000Z',
    });
    const res = await createOrder('upgrader', { planType: 'PREMIUM', billingPeriod: 'YEARLY' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PLAN_HIGHER_ACTIVE',
      message: 'Your Business plan is still active. A lower plan can be bought after it ends.',
      params: { plan: 'BUSINESS' },
    });
    // Basic can still be bought (it is what remains afterwards), once.
    await buy('upgrader', 'BASIC');
    expect(await me('upgrader')).toMatchObject({ plan: 'BUSINESS', ownedPlan: 'BASIC' });
    expect((await createOrder('upgrader', { planType: 'BASIC' })).statusCode).toBe(409);
  });
});

describe('at expiry the account falls back to the best plan still owned', () => {
  it('Basic owner: Premium allows 15 codes; after the end the 5 newest stay scannable but cannot be edited, and no new one can be added', async () => {
    const owner = await createOwner(t, 'fallback-basic', 'BASIC');
    await buy('fallback-basic', 'PREMIUM', 'MONTHLY');
    const ids: string[] = [];
    for (let i = 1; i <= 15; i++) {
      // Apart in time, so "newest" is clear (the embedded database's clock is the process's).
      vi.setSystemTime(T0.getTime() + i);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const res = await createQrCode('fallback-basic', `Code ${i}`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const sixteenth = await createQrCode('fallback-basic');
    expect(sixteenth.statusCode).toBe(403);
    expect(sixteenth.json().message).toBe(
      'Your Premium plan allows up to 15 QR codes. Upgrade on the Pricing page to create more.',
    );

    // One millisecond past the end.
    vi.setSystemTime(new Date('2026-02-28T06:30:00.001Z'));
    expect(await me('fallback-basic')).toMatchObject({
      plan: 'BASIC',
      ownedPlan: 'BASIC',
      paidPlan: 'PREMIUM',
      planExpiresAt: '2026-02-28T06:30:00.000Z',
      groups: [],
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/',
      headers: await headersOf('fallback-basic'),
    });
    expect(list.json()).toHaveLength(15);
    const beyond = list
      .json()
      .filter((qr: { beyondPlanLimit: boolean }) => qr.beyondPlanLimit)
      .map((qr: { id: string }) => qr.id);
    expect(beyond.sort()).toEqual(ids.slice(10).sort());

    const newest = ids[14];
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${newest}`,
      headers: await headersOf('fallback-basic'),
      payload: { type: 'PERSON', details: personDetails('Changed') },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      code: 'QR_BEYOND_PLAN_LIMIT',
      message:
        'This QR code is beyond the 10 QR codes your Basic plan allows. It still works for anyone who scans it, but it cannot be edited until you are within the limit: delete codes you no longer need, or renew or upgrade on the Pricing page.',
    });
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${newest}`,
      headers: await headersOf('fallback-basic'),
    });
    expect(single.json()).toMatchObject({
      beyondPlanLimit: true,
      details: { fullName: 'Code 15' },
    });

    // The oldest ten stay editable.
    const editOld = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${ids[0]}`,
      headers: await headersOf('fallback-basic'),
      payload: { type: 'PERSON', details: personDetails('Still mine') },
    });
    expect(editOld.statusCode).toBe(200);
    expect(editOld.json().beyondPlanLimit).toBe(false);

    const created = await createQrCode('fallback-basic');
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(
      'Your Basic plan allows up to 10 QR codes. Upgrade on the Pricing page to create more.',
    );

    // Scanners are never turned away: the newest code still opens its page with its details.
    const scanned = await scan(t, newest);
    expect(scanned.res.statusCode).toBe(302);
    const session = await t.app.inject({ method: 'GET', url: `/api/scans/${scanned.scanId}` });
    expect(session.statusCode).toBe(200);
    expect(session.json().qr.details.fullName).toBe('Code 15');

    // Privacy is never locked: a code beyond the limit can still be made private.
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${newest}/private`,
      headers: await headersOf('fallback-basic'),
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ public: false, beyondPlanLimit: true });

    // Renewing lifts it all, and nothing was deleted meanwhile.
    await buy('fallback-basic', 'PREMIUM', 'MONTHLY');
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${newest}`,
      headers: await headersOf('fallback-basic'),
      payload: { type: 'PERSON', details: personDetails('Editable again') },
    });
    expect(again.statusCode).toBe(200);
    expect(owner.id).toBeTruthy();
  });

  it('an owner who never bought Basic falls back to Free (2 codes)', async () => {
    await createOwner(t, 'fallback-free');
    await buy('fallback-free', 'BUSINESS', 'MONTHLY');
    for (let i = 0; i < 3; i++) expect((await createQrCode('fallback-free')).statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-03-01T00:00:00.000Z'));
    expect((await me('fallback-free')).plan).toBe('FREE');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/',
      headers: await headersOf('fallback-free'),
    });
    expect(
      list.json().filter((qr: { beyondPlanLimit: boolean }) => qr.beyondPlanLimit),
    ).toHaveLength(1);
    expect((await createQrCode('fallback-free')).json().message).toBe(
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
    );

    // Deleting is how an owner gets back within the limit without paying; nobody else can.
    const [beyondId] = list
      .json()
      .filter((qr: { beyondPlanLimit: boolean }) => qr.beyondPlanLimit)
      .map((qr: { id: string }) => qr.id);
    await createOwner(t, 'not-the-owner');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${beyondId}`,
      headers: await headersOf('not-the-owner'),
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${beyondId}`,
      headers: await headersOf('fallback-free'),
    });
    expect(removed.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/',
      headers: await headersOf('fallback-free'),
    });
    expect(after.json().map((qr: { beyondPlanLimit: boolean }) => qr.beyondPlanLimit)).toEqual([
      false,
      false,
    ]);
    expect((await scan(t, beyondId)).res.statusCode).toBe(404);
  });

  it('guardian limits follow the plan in force (Premium 5, then Free 1)', async () => {
    await createOwner(t, 'guardian-owner');
    await buy('guardian-owner', 'PREMIUM', 'MONTHLY');
    const qrId = (await createQrCode('guardian-owner')).json().id;
    const invite = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/qr-codes/${qrId}/guardians`,
        headers: await headersOf('guardian-owner'),
        payload: { email },
      });
    expect((await invite('g1@example.com')).statusCode).toBe(201);
    expect((await invite('g2@example.com')).statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-03-01T00:00:00.000Z'));
    const refused = await invite('g3@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your Free plan allows up to 1 guardians a QR code. Upgrade on the Pricing page to add more.',
    );
  });

  it("Premium's 500 scans per QR per month apply, and Basic's 200 once it has ended", async () => {
    // Later than every scan before (scan times only move forward within a process).
    const now = new Date('2026-06-15T06:30:00.000Z').getTime();
    vi.setSystemTime(now);
    const owner = await createOwner(t, 'quota-owner', 'BASIC');
    await buy('quota-owner', 'PREMIUM', 'YEARLY');
    const qrId = (await createQrCode('quota-owner')).json().id;
    // 250 earlier scans this month (each its own visitor).
    await t.database.db.execute(sql`
      insert into scans (id, qr_id, owner_id, scanned_at, device_info, expires_at)
      select 'quota-' || n, ${qrId}, ${owner.id},
             ${new Date(now - 3_600_000).toISOString()}::timestamptz, '{}'::jsonb, now()
      from generate_series(1, 250) n`);
    const session = async () => {
      const { scanId } = await scan(t, qrId);
      return (await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}` })).json();
    };
    expect((await session()).quotaExceeded).toBe(false);
    // The plan ends (its end moved to a moment ago): Basic's 200 count from the next scan on.
    await t.database.db
      .update(users)
      .set({ planExpiresAt: new Date(now - 1) })
      .where(eq(users.id, owner.id));
    const over = await session();
    expect(over.quotaExceeded).toBe(true);
    expect(over.qr.details.fullName).toBe('Asha');
  });
});

describe('reminder e-mails 7 days and 1 day before the end', () => {
  const reminders = () =>
    smtp.mails.filter((mail) => String(mail.messageId).startsWith('<plan-reminder-'));
  /** The `n`-th reminder mail to this address (waits for it). */
  const reminderTo = async (address: string, n: number) => {
    const sent = () => reminders().filter((mail) => JSON.stringify(mail.to).includes(address));
    await vi.waitFor(() => expect(sent().length).toBeGreaterThanOrEqual(n));
    return sent()[n - 1];
  };
  // Only this block's accounts hold a paid plan, so each round's count is theirs.
  beforeEach(async () => {
    await t.database.db.update(users).set({ paidPlan: null, planExpiresAt: null });
  });

  it('sends each once per plan end, in the owner’s language, with a renewal link', async () => {
    const owner = await createOwner(t, 'reminded');
    await buy('reminded', 'PREMIUM', 'MONTHLY'); // ends 28 Feb 2026, 12:00 IST
    const end = new Date('2026-02-28T06:30:00.000Z').getTime();
    const before = reminders().length;
    const runAt = (at: number) => t.app.planReminders.runOnce(new Date(at));

    expect(await runAt(T0.getTime())).toBe(0);
    expect(await runAt(end - 7 * DAY - 60_000)).toBe(0);
    expect(await runAt(end - 7 * DAY)).toBe(1);
    const seven = await reminderTo('reminded@example.com', 1);
    expect(seven.to).toMatchObject({ text: 'reminded@example.com' });
    expect(seven.subject).toBe('Your CareCode Premium plan ends in 7 days');
    expect(seven.text).toContain(
      'Your Premium plan runs until 28 February 2026 at 12:00 pm (India time).',
    );
    expect(seven.text).toContain(
      'your account falls back to the Free plan, and every QR code keeps working for anyone who scans it.',
    );
    expect(seven.text).toContain(
      'Renew Premium: http://localhost:8080/checkout?plan=PREMIUM&period=monthly',
    );
    expect(seven.messageId).toBe(`<plan-reminder-7-${owner.id}-${end}@localhost>`);

    // Again and again in the days between: nothing more.
    expect(await runAt(end - 7 * DAY + 60_000)).toBe(0);
    expect(await runAt(end - 2 * DAY)).toBe(0);

    // In Hindi from here on.
    await t.database.db.update(users).set({ language: 'hi' }).where(eq(users.id, owner.id));
    expect(await runAt(end - DAY)).toBe(1);
    const one = await reminderTo('reminded@example.com', 2);
    expect(one.subject).toBe('आपका CareCode प्रीमियम प्लान कल समाप्त हो रहा है');
    expect(one.text).toContain(
      'प्रीमियम रिन्यू करें: http://localhost:8080/checkout?plan=PREMIUM&period=monthly',
    );
    expect(await runAt(end - DAY / 2)).toBe(0);
    expect(await runAt(end + 1)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reminders().length).toBe(before + 2);

    // A renewal moves the end: the next period gets its own reminders.
    vi.setSystemTime(end - DAY / 2);
    await buy('reminded', 'PREMIUM', 'MONTHLY'); // to 28 Mar
    const nextEnd = new Date('2026-03-28T06:30:00.000Z').getTime();
    expect(await runAt(nextEnd - 7 * DAY)).toBe(1);
    expect((await reminderTo('reminded@example.com', 3)).subject).toBe(
      'आपका CareCode प्रीमियम प्लान 7 दिनों में समाप्त हो रहा है',
    );
  });

  it('retries a reminder whose sending failed once its lease has run out', async () => {
    await createOwner(t, 'retried');
    await buy('retried', 'PREMIUM', 'MONTHLY'); // ends 28 Feb 2026, 12:00 IST
    const due = new Date('2026-02-21T06:30:00.000Z').getTime();
    const send = vi
      .spyOn(t.app.mailer, 'send')
      .mockRejectedValueOnce(new Error('connection refused'));
    try {
      expect(await t.app.planReminders.runOnce(new Date(due))).toBe(0);
      expect(send).toHaveBeenCalledTimes(1);
      // Held by its lease meanwhile (another replica would skip it too).
      expect(await t.app.planReminders.runOnce(new Date(due + 60_000))).toBe(0);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await t.app.planReminders.runOnce(new Date(due + REMINDER_LEASE_MS))).toBe(1);
      expect((await reminderTo('retried@example.com', 1)).subject).toBe(
        'Your CareCode Premium plan ends in 7 days',
      );
    } finally {
      send.mockRestore();
    }
  });

  it('sends only the 1-day reminder when both fell due while no server ran', async () => {
    await createOwner(t, 'late-reminded');
    await buy('late-reminded', 'BUSINESS', 'YEARLY'); // ends 31 Jan 2027
    const end = new Date('2027-01-31T06:30:00.000Z').getTime();
    const before = reminders().length;
    expect(await t.app.planReminders.runOnce(new Date(end - DAY + 1000))).toBe(1);
    const mail = await reminderTo('late-reminded@example.com', 1);
    expect(mail.subject).toBe('Your CareCode Business plan ends tomorrow');
    expect(mail.text).toContain('checkout?plan=BUSINESS&period=yearly');
    expect(await t.app.planReminders.runOnce(new Date(end - DAY + 2000))).toBe(0);
    expect(reminders().length).toBe(before + 1);
  });
});

describe('groups in tokens follow the plan', () => {
  it('premium after the purchase, none once it has ended', async () => {
    vi.useRealTimers();
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await registerAndGetTokens(browser, {
      email: 'token-groups@example.com',
      password: 'secret1',
    });
    expect(decodeJwt(tokens.access_token).payload.groups).toEqual([]);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-order',
      headers,
      payload: { planType: 'PREMIUM', billingPeriod: 'MONTHLY' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${created.json().merchantOrderId}/pay`,
    });
    const renew = (refreshToken: string) =>
      refresh(browser, refreshToken, {
        scope: 'openid email phone',
        resource: t.config.apiBaseUrl,
      });
    const premium = (await renew(tokens.refresh_token ?? '')).json() as TokenSet;
    expect(decodeJwt(premium.access_token).payload.groups).toEqual(['premium']);
    expect(decodeJwt(premium.id_token).payload.groups).toEqual(['premium']);

    const subject = String(decodeJwt(tokens.access_token).payload.sub);
    await t.database.db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.subject, subject));
    const ended = (await renew(premium.refresh_token ?? '')).json() as TokenSet;
    expect(decodeJwt(ended.access_token).payload.groups).toEqual([]);
    expect(decodeJwt(ended.id_token).payload.groups).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${ended.access_token}` },
    });
    expect(res.json()).toMatchObject({ plan: 'FREE', paidPlan: 'PREMIUM', groups: [] });
  });
});
