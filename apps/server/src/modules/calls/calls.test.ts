import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startExotelStandIn, type ExotelStandIn } from '../../../test/exotel-stand-in.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { queryRows } from '../../db/rows.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { createOwner, nextAddress, scan, type Owner } from '../scans/scans.test-kit.ts';

const OWNER_PHONE = '9867503421';
const EMERGENCY_PHONE = '9123456780';
const vehicle = {
  type: 'VEHICLE',
  details: {
    numberPlate: 'KA05MN7788',
    modelDescription: 'Red Swift',
    ownerContact: { name: 'Arjun', phoneNumber: OWNER_PHONE },
    emergencyContact: { name: 'Meera', phoneNumber: EMERGENCY_PHONE },
  },
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let exotel: ExotelStandIn;
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  exotel = await startExotelStandIn();
  smtp = await startSmtpSink();
  // The gateway calls back over HTTP: the app listens where its PUBLIC_URL says.
  const port = await freePort();
  t = await buildTestApp(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      CALL_GATEWAY: 'exotel',
      EXOTEL_API_KEY: exotel.apiKey,
      EXOTEL_API_TOKEN: exotel.apiToken,
      EXOTEL_ACCOUNT_SID: exotel.accountSid,
      EXOTEL_CALLER_ID: exotel.callerId,
      EXOTEL_BASE_URL: exotel.baseUrl,
    },
    { alertDispatch: 'manual' },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await exotel.close();
  await smtp.close();
});
beforeEach(() => {
  exotel.requests.length = 0;
});

let subjects = 0;
async function premiumOwner(plan: 'PREMIUM' | 'BUSINESS' | 'FREE' | 'BASIC' = 'PREMIUM') {
  subjects += 1;
  return createOwner(t, `bridge-${plan.toLowerCase()}-${subjects}`, plan);
}

async function hiddenQr(owner: Owner, body: object = vehicle) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: owner.headers,
    payload: { ...body, hideNumbers: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const askCall = (scanId: string, payload: object, address = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/scans/${scanId}/calls`,
    payload,
    remoteAddress: address,
  });

/** Every 4-digit run of a number: none may appear in what a scanner receives. */
const digitRuns = (phone: string) =>
  Array.from({ length: phone.length - 3 }, (_, index) => phone.slice(index, index + 4));

describe('hideNumbers', () => {
  it('is refused on Free and Basic with a clear message, and kept on Premium and Business', async () => {
    for (const plan of ['FREE', 'BASIC'] as const) {
      const owner = await premiumOwner(plan);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/qr-codes/',
        headers: owner.headers,
        payload: { ...vehicle, hideNumbers: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'HIDE_NUMBERS_PLAN',
        message:
          'Hiding your numbers needs the Premium or Business plan. Upgrade on the Pricing page.',
        fields: {
          hideNumbers:
            'Hiding your numbers needs the Premium or Business plan. Upgrade on the Pricing page.',
        },
      });
    }
    for (const plan of ['PREMIUM', 'BUSINESS'] as const) {
      const owner = await premiumOwner(plan);
      const id = await hiddenQr(owner);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/qr-codes/${id}`,
        headers: owner.headers,
      });
      // The owner still sees their own numbers.
      expect(read.json()).toMatchObject({ hideNumbers: true, details: vehicle.details });
      // An update without the field leaves it; with false it turns it off.
      const kept = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${id}`,
        headers: owner.headers,
        payload: vehicle,
      });
      expect(kept.json().hideNumbers).toBe(true);
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${id}`,
        headers: owner.headers,
        payload: { ...vehicle, hideNumbers: false },
      });
      expect(off.json().hideNumbers).toBe(false);
    }
  });

  it('leaves no digit run of a hidden number in the scan session', async () => {
    const owner = await premiumOwner();
    const qrId = await hiddenQr(owner);
    const { scanId } = await scan(t, qrId);
    const res = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().qr).toMatchObject({
      hideNumbers: true,
      details: {
        numberPlate: 'KA05MN7788',
        ownerContact: { name: 'Arjun' },
        emergencyContact: { name: 'Meera' },
      },
    });
    expect(res.json().qr.details.ownerContact).not.toHaveProperty('phoneNumber');
    // (The random ids are taken out first: one could hold four digits by chance.)
    const answer = res.body.replaceAll(scanId!, '').replaceAll(qrId, '');
    for (const run of [...digitRuns(OWNER_PHONE), ...digitRuns(EMERGENCY_PHONE)]) {
      expect(answer).not.toContain(run);
    }
  });

  it('shows the numbers again once the plan no longer has the bridge: help is never withheld', async () => {
    const owner = await premiumOwner();
    const qrId = await hiddenQr(owner);
    await createUsersRepository(t.database.db).setPlan(owner.id, 'FREE');
    const { scanId } = await scan(t, qrId);
    const res = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}` });
    expect(res.json().qr.hideNumbers).toBe(false);
    expect(res.json().qr.details.ownerContact.phoneNumber).toBe(OWNER_PHONE);
    const call = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9876543210' });
    expect(call.statusCode).toBe(409);
    expect(call.json().code).toBe('CALL_NOT_OFFERED');
  });
});

describe('POST /api/scans/{scanId}/calls through Exotel', () => {
  it('asks Exotel to ring the scanner, then the contact, and records how the call ended', async () => {
    const owner = await premiumOwner();
    const qrId = await hiddenQr(owner);
    const { scanId } = await scan(t, qrId);
    const res = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '+91 98765-43210' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      contact: 'ownerContact',
      status: 'in-progress',
      simulated: false,
    });
    // One request, as Exotel's reference describes it.
    expect(exotel.requests).toHaveLength(1);
    const [request] = exotel.requests;
    expect(request.path).toBe(`/v1/Accounts/${exotel.accountSid}/Calls/connect.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${exotel.apiKey}:${exotel.apiToken}`).toString('base64')}`,
    );
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toMatchObject({
      From: '+919876543210',
      To: `+91${OWNER_PHONE}`,
      CallerId: exotel.callerId,
      CallType: 'trans',
      TimeLimit: '600',
    });
    const callbackUrl = new URL(request.form.StatusCallback);
    expect(callbackUrl.origin).toBe(t.config.publicUrl);
    expect(callbackUrl.pathname).toBe(`/api/calls/${res.json().id}/status`);
    expect(callbackUrl.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The scanner's page follows the call.
    const sid = [...exotel.calls.keys()].at(-1)!;
    expect(await exotel.finish(sid, { status: 'completed', durationSeconds: 42 })).toBe(200);
    const calls = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}/calls` });
    expect(calls.json().items).toEqual([
      { id: res.json().id, contact: 'ownerContact', status: 'completed', simulated: false },
    ]);
    // A repeated callback changes nothing and alerts nobody again.
    expect(await exotel.finish(sid, { status: 'failed' })).toBe(200);

    // The owner's history: the call beside the scan, the scanner's number by its last 2 digits.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans`,
      headers: owner.headers,
    });
    expect(history.json().items[0].calls).toEqual([
      expect.objectContaining({
        contact: 'ownerContact',
        status: 'completed',
        durationSeconds: 42,
        scannerLast2: '10',
      }),
    ]);
    const historyText = history.body.replaceAll(scanId!, '').replaceAll(qrId, '');
    for (const run of digitRuns('9876543210')) expect(historyText).not.toContain(run);
    const stored = await queryRows<{ text: string }>(
      t.database.db,
      sql`select row_to_json(c)::text as text from calls c where scan_id = ${scanId!}`,
    );
    expect(stored[0].text).not.toContain('9876543210');

    // The owner is alerted once, with the outcome.
    await t.app.alerts.dispatcher.runOnce();
    // (The scan itself was alerted too.)
    const mails = smtp.mails.filter(
      (mail) =>
        JSON.stringify(mail.to).includes(owner.subject) && !mail.subject?.endsWith(' was scanned'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Someone who scanned KA05MN7788 called through CareCode',
    ]);
    expect(mails[0].text).toContain('Contact called: Owner');
    expect(mails[0].text).toContain('Call: connected, 42 s');
  });

  it('refuses a callback with a wrong token or an unknown call id', async () => {
    const owner = await premiumOwner();
    const { scanId } = await scan(t, await hiddenQr(owner));
    const res = await askCall(scanId!, { contact: 'emergencyContact', phoneNumber: '9876543211' });
    const sid = [...exotel.calls.keys()].at(-1)!;
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${res.json().id}/status?token=${'A'.repeat(22)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `CallSid=${sid}&Status=completed&ConversationDuration=5`,
    });
    expect(wrongToken.statusCode).toBe(404);
    const token = new URL(exotel.calls.get(sid)!.statusCallback!).searchParams.get('token');
    const wrongSid = await t.app.inject({
      method: 'POST',
      url: `/api/calls/${res.json().id}/status?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'CallSid=someoneelse&Status=completed',
    });
    expect(wrongSid.statusCode).toBe(404);
    const calls = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}/calls` });
    expect(calls.json().items[0].status).toBe('in-progress');
    expect(exotel.requests[0].form.To).toBe(`+91${EMERGENCY_PHONE}`);
  });

  it('validates the number as an Indian mobile and the contact as one of the code', async () => {
    const owner = await premiumOwner();
    const { scanId } = await scan(t, await hiddenQr(owner));
    for (const phoneNumber of ['12345', '5876543210', '98765432101', '+1 9876543210', 'abc']) {
      const res = await askCall(scanId!, { contact: 'ownerContact', phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().fields).toEqual({ phoneNumber: 'Enter a 10-digit Indian mobile number' });
    }
    const school = await askCall(scanId!, { contact: 'schoolContact', phoneNumber: '9876543210' });
    expect(school.statusCode).toBe(404);
    expect(school.json().message).toBe('This code has no such contact.');
    const unknown = await askCall(scanId!, { contact: 'boss', phoneNumber: '9876543210' });
    expect(unknown.statusCode).toBe(400);
    expect(exotel.requests).toHaveLength(0);
  });

  it('allows 3 calls a scan session and 10 a day per scanner number', async () => {
    const owner = await premiumOwner();
    const qrId = await hiddenQr(owner);
    const { scanId } = await scan(t, qrId);
    for (let call = 1; call <= 3; call += 1) {
      expect(
        (await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9000000001' })).statusCode,
      ).toBe(201);
    }
    const fourth = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9000000002' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'You can ask for up to 3 calls from one scan. Scan the code again to call once more, or call an emergency number.',
    );
    // The same number from other scans: 10 in the India day, then refused.
    let placed = 3;
    while (placed < 10) {
      const { scanId: next } = await scan(t, qrId);
      expect(
        (await askCall(next!, { contact: 'ownerContact', phoneNumber: '90000 00001' })).statusCode,
      ).toBe(201);
      placed += 1;
    }
    const { scanId: last } = await scan(t, qrId);
    const eleventh = await askCall(last!, {
      contact: 'ownerContact',
      phoneNumber: '+919000000001',
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      'This number has asked for 10 calls today. Try again tomorrow, or call an emergency number.',
    );
    expect(exotel.requests).toHaveLength(10);
  });

  it('answers 503 with the emergency advice when Exotel fails, and records the call as failed', async () => {
    const owner = await premiumOwner();
    const { scanId } = await scan(t, await hiddenQr(owner));
    exotel.failNext(500);
    const res = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9876543219' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The call could not be placed right now. If someone needs help, call an emergency number.',
    );
    const calls = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}/calls` });
    expect(calls.json().items).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('follows the plan in force: a paid Premium period bridges, and once it ends the numbers show', async () => {
    const owner = await premiumOwner();
    const qrId = await hiddenQr(owner);
    // The owned plan is Free; Premium is a paid period running for another week.
    await t.database.db.execute(sql`
      update users set plan = 'FREE', paid_plan = 'PREMIUM', paid_period = 'MONTHLY',
                       plan_expires_at = now() + interval '7 days'
      where id = ${owner.id}`);
    const { scanId } = await scan(t, qrId);
    const placed = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9876543212' });
    expect(placed.statusCode).toBe(201);
    await t.database.db.execute(
      sql`update users set plan_expires_at = now() - interval '1 minute' where id = ${owner.id}`,
    );
    const { scanId: later } = await scan(t, qrId);
    const session = await t.app.inject({ method: 'GET', url: `/api/scans/${later}` });
    expect(session.json().qr.details.ownerContact.phoneNumber).toBe(OWNER_PHONE);
    const refused = await askCall(later!, { contact: 'ownerContact', phoneNumber: '9876543212' });
    expect(refused.statusCode).toBe(409);
  });

  it('answers 404 for an unknown scan and 409 for a code whose numbers are shown', async () => {
    expect(
      (await askCall('no-such-scan', { contact: 'ownerContact', phoneNumber: '9876543210' }))
        .statusCode,
    ).toBe(404);
    const owner = await premiumOwner();
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: vehicle,
    });
    const { scanId } = await scan(t, shown.json().id);
    const res = await askCall(scanId!, { contact: 'ownerContact', phoneNumber: '9876543210' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This code's numbers are not hidden: call them directly.");
  });
});

describe('the sandbox call gateway', () => {
  it('dials nobody: the call is simulated and the owner is told so', async () => {
    const sandbox = await buildTestApp({ SMTP_URL: smtp.url }, { alertDispatch: 'manual' });
    try {
      const owner = await createOwner(sandbox, 'bridge-sandbox', 'PREMIUM');
      const created = await sandbox.app.inject({
        method: 'POST',
        url: '/api/qr-codes/',
        headers: owner.headers,
        payload: { ...vehicle, hideNumbers: true },
      });
      const { scanId } = await scan(sandbox, created.json().id);
      const res = await sandbox.app.inject({
        method: 'POST',
        url: `/api/scans/${scanId}/calls`,
        payload: { contact: 'emergencyContact', phoneNumber: '9876543210' },
      });
      expect(res.json()).toMatchObject({ status: 'completed', simulated: true });
      expect(exotel.requests).toHaveLength(0);
      const before = smtp.mails.length;
      await sandbox.app.alerts.dispatcher.runOnce();
      const mail = await smtp.nth(before + 1);
      expect(mail.subject).toBe('Someone who scanned KA05MN7788 called through CareCode');
      expect(mail.text).toContain('Call: Simulated call (sandbox)');
    } finally {
      await sandbox.close();
    }
  });
});
