import { readFileSync } from 'node:fs';
import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startPushEndpoint, type PushEndpoint } from '../../../test/push-endpoint.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { queryRows } from '../../db/rows.ts';
import {
  ANDROID_CHROME,
  createOwner,
  createQr,
  scan,
  type Owner,
} from '../scans/scans.test-kit.ts';

// Alerts end to end: real scans through the scan URL, the outbox, the dispatcher (driven step
// by step under a fake clock), a real SMTP server and a local Web Push service that checks the
// VAPID signature and decrypts every payload.

let t: TestApp;
let smtp: SmtpSink;
let push: PushEndpoint;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { alertDispatch: 'manual' });
  push = await startPushEndpoint({
    vapidPublicKey: t.app.alerts.keys.vapid.publicKey,
    cert: readFileSync(process.env.PUSH_TEST_CERT_FILE!, 'utf8'),
    key: readFileSync(process.env.PUSH_TEST_KEY_FILE!, 'utf8'),
  });
});
afterAll(async () => {
  await t.close();
  await push.close();
  await smtp.close();
});

// 10:00 in India: outside any quiet hours the tests set unless they mean to.
const T0 = new Date('2026-11-23T04:30:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  smtp.mails.length = 0;
  push.clear();
});
afterEach(() => vi.useRealTimers());

const dispatch = () => t.app.alerts.dispatcher.runOnce();
const advance = (seconds: number) => vi.setSystemTime(new Date(Date.now() + seconds * 1000));

let ownerCounter = 0;
async function ownerWithDevice(plan?: 'BASIC' | 'PREMIUM' | 'BUSINESS') {
  ownerCounter += 1;
  const owner = await createOwner(t, `alerts-${ownerCounter}`, plan);
  const device = push.subscribe(owner.subject);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: owner.headers,
    payload: device,
  });
  expect(res.statusCode).toBe(201);
  return { owner, device };
}

/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((header) => header.key === name)?.line.replace(/^[^:]+:\s*/, '');

const pushesTo = (endpoint: string) => push.received.filter((m) => m.endpoint === endpoint);
const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

describe('a scan alerts the owner', () => {
  it('by Web Push (VAPID-signed, encrypted) and by e-mail, with name, kind, time in IST and device', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    expect((await scan(t, qrId, { userAgent: ANDROID_CHROME })).res.statusCode).toBe(302);

    const result = await dispatch();
    expect(result).toMatchObject({ expanded: 1, sent: 2, failed: 0 });

    const [message] = pushesTo(device.endpoint);
    expect(message.json).toEqual({
      title: 'Asha Verma was scanned',
      body: expect.stringContaining('Time: 23 Nov 2026, 10:00 am IST'),
      url: `/qr-data/${qrId}`,
      tag: `qr-${qrId}`,
    });
    expect((message.json as { body: string }).body).toContain('Device: Chrome (Android) mobile');
    expect(message.headers.urgency).toBe('normal');

    const [mail] = mailsTo(`${owner.subject}@example.com`);
    expect(mail.subject).toBe('Asha Verma was scanned');
    expect(mail.text).toContain('Kind: Person / Medical');
    expect(mail.text).toContain('Time: 23 Nov 2026, 10:00 am IST');
    expect(mail.html).toContain(`http://localhost:8080/qr-data/${qrId}`);
    // One-click unsubscribe (RFC 8058) on every alert mail.
    const listUnsubscribe = String(rawHeader(mail, 'list-unsubscribe'));
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:8080\/api\/alerts\/unsubscribe\?token=o\.[\w-]+\.[\w-]{22}>$/,
    );
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.messageId).toMatch(/^<alert-\d+@localhost>$/);

    // Sent once: a second pass finds nothing to do.
    expect(await dispatch()).toEqual({ expanded: 0, sent: 0, failed: 0 });
  });

  it('writes in Hindi for an owner whose app speaks Hindi', async () => {
    const { owner, device } = await ownerWithDevice();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/alert-preferences',
      headers: { ...owner.headers, 'accept-language': 'hi-IN,hi;q=0.9' },
      payload: { push: true, email: true, quietHours: null },
    });
    const qrId = await createQr(t, owner.id, { fullName: 'आशा वर्मा' });
    await scan(t, qrId);
    await dispatch();
    expect((pushesTo(device.endpoint)[0].json as { title: string }).title).toBe(
      'आशा वर्मा स्कैन किया गया',
    );
    const [mail] = mailsTo(`${owner.subject}@example.com`);
    expect(mail.subject).toBe('आशा वर्मा स्कैन किया गया');
    expect(mail.text).toContain('प्रकार: व्यक्ति / मेडिकल');
    expect(mail.text).toContain('ये अलर्ट बंद करें');
  });

  it('sends e-mail only to a confirmed address', async () => {
    const { owner, device } = await ownerWithDevice();
    await t.database.db.execute(
      sql`update users set email_verified = false where id = ${owner.id}`,
    );
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId);
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(1);
    expect(mailsTo(`${owner.subject}@example.com`)).toHaveLength(0);
  });

  it('alerts nobody for HEAD requests and link-preview bots', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId, { method: 'HEAD' });
    await scan(t, qrId, { userAgent: 'WhatsApp/2.23.20.0' });
    await scan(t, qrId, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(await dispatch()).toEqual({ expanded: 0, sent: 0, failed: 0 });
    expect(pushesTo(device.endpoint)).toHaveLength(0);
  });

  it('alerts a shared location with a map link holding the coordinates', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    const { scanId } = await scan(t, qrId);
    await dispatch();
    push.clear();
    smtp.mails.length = 0;
    advance(5);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${scanId}/location`,
      payload: { latitude: 12.9716, longitude: 77.5946 },
    });
    expect(res.statusCode).toBe(204);
    expect(await dispatch()).toMatchObject({ sent: 2 });
    const [message] = pushesTo(device.endpoint);
    expect((message.json as { title: string }).title).toBe(
      'The finder of Asha Verma shared their location',
    );
    expect(message.headers.urgency).toBe('high');
    const [mail] = mailsTo(`${owner.subject}@example.com`);
    expect(mail.text).toContain('https://www.google.com/maps/search/?api=1&query=12.9716,77.5946');
  });
});

describe('coalescing: one alert a minute per QR and channel', () => {
  it('holds the scans after an alert and sends one saying how many more came', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    await scan(t, qrId);
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(1);

    for (const seconds of [5, 10, 20]) {
      advance(seconds);
      await scan(t, qrId);
      await dispatch();
    }
    // 35 s after the first alert: nothing more yet.
    expect(pushesTo(device.endpoint)).toHaveLength(1);

    advance(26); // 61 s after the first
    await dispatch();
    const messages = pushesTo(device.endpoint);
    expect(messages).toHaveLength(2);
    expect((messages[1].json as { title: string }).title).toBe(
      'Asha Verma was scanned 3 more times',
    );
    expect(mailsTo(`${owner.subject}@example.com`).map((m) => m.subject)).toEqual([
      'Asha Verma was scanned',
      'Asha Verma was scanned 3 more times',
    ]);
    // Another QR of the same owner is not held back by this one's minute.
    const other = await createQr(t, owner.id, { fullName: 'Ravi Verma' });
    await scan(t, other);
    await dispatch();
    expect((pushesTo(device.endpoint)[2].json as { title: string }).title).toBe(
      'Ravi Verma was scanned',
    );
  });
});

describe('coalescing across batches written before one pass', () => {
  it('sums the scans of every waiting batch into the one alert', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    await scan(t, qrId);
    await dispatch();
    advance(5);
    for (let i = 0; i < 4; i += 1) await scan(t, qrId);
    await Promise.all(Array.from({ length: 3 }, () => scan(t, qrId)));
    await dispatch();
    advance(60);
    await dispatch();
    const titles = pushesTo(device.endpoint).map((m) => (m.json as { title: string }).title);
    expect(titles).toEqual(['Asha Verma was scanned', 'Asha Verma was scanned 7 more times']);
    expect(mailsTo(`${owner.subject}@example.com`)).toHaveLength(2);
  });
});

describe('preferences and quiet hours', () => {
  it('answers the defaults, validates, and turns channels off per account and per QR', async () => {
    const { owner, device } = await ownerWithDevice();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/user/alert-preferences',
      headers: owner.headers,
    });
    expect(get.json()).toEqual({ push: true, email: true, quietHours: null });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alert-preferences',
      headers: owner.headers,
      payload: { push: true, email: 'yes', quietHours: { start: '25:00', end: '07:00' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'quietHours.start']);

    const qrId = await createQr(t, owner.id);
    const perQr = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${qrId}/alert-preferences`,
      headers: owner.headers,
      payload: { push: false, email: true },
    });
    expect(perQr.json()).toEqual({ push: false, email: true });
    await scan(t, qrId);
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(0);
    expect(mailsTo(`${owner.subject}@example.com`)).toHaveLength(1);

    const stranger = await createOwner(t, `alerts-stranger-${ownerCounter}`);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${qrId}/alert-preferences`,
      headers: stranger.headers,
      payload: { push: true, email: true },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stays silent in quiet hours (India time) except for locations and lost items', async () => {
    const { owner, device } = await ownerWithDevice();
    // 22:00–07:00 IST; now 23:30 IST.
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/alert-preferences',
      headers: owner.headers,
      payload: { push: true, email: true, quietHours: { start: '22:00', end: '07:00' } },
    });
    vi.setSystemTime(new Date('2026-11-23T18:00:00.000Z'));
    // A token signed at the new time.
    owner.headers = await t.authHeaders({ subject: owner.subject });
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    const { scanId } = await scan(t, qrId);
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(0);

    await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${scanId}/location`,
      payload: { latitude: 19.076, longitude: 72.8777 },
    });
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(1);

    const lost = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${qrId}/lost`,
      headers: owner.headers,
      payload: {},
    });
    expect(lost.statusCode).toBe(200);
    await scan(t, qrId);
    await dispatch();
    expect((pushesTo(device.endpoint)[1].json as { title: string }).title).toBe(
      'Lost item scanned: Asha Verma',
    );

    // At 07:00 IST the quiet hours are over.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${qrId}/lost`,
      headers: owner.headers,
    });
    vi.setSystemTime(new Date('2026-11-24T01:30:00.000Z'));
    owner.headers = await t.authHeaders({ subject: owner.subject });
    await scan(t, qrId);
    await dispatch();
    expect(pushesTo(device.endpoint)).toHaveLength(3);
  });
});

describe('lost mode', () => {
  it('shows on the QR and the scan page, and alerts every scan at once, uncoalesced', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${qrId}/lost`,
      headers: owner.headers,
      payload: { message: '  Reward if found. Please call.  ' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      message: 'Reward if found. Please call.',
      since: T0.toISOString(),
    });
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}`,
      headers: owner.headers,
    });
    expect(qr.json().lost).toEqual({
      message: 'Reward if found. Please call.',
      since: T0.toISOString(),
    });

    const { scanId } = await scan(t, qrId);
    const session = await t.app.inject({ method: 'GET', url: `/api/scans/${scanId}` });
    expect(session.json().qr.lost.message).toBe('Reward if found. Please call.');
    await dispatch();
    advance(5);
    await scan(t, qrId);
    await dispatch();
    const titles = pushesTo(device.endpoint).map((m) => (m.json as { title: string }).title);
    expect(titles).toEqual(['Lost item scanned: Asha Verma', 'Lost item scanned: Asha Verma']);
    expect(pushesTo(device.endpoint).every((m) => m.headers.urgency === 'high')).toBe(true);

    const long = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${qrId}/lost`,
      headers: owner.headers,
      payload: { message: 'x'.repeat(301) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.message).toBeDefined();

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${qrId}/lost`,
      headers: owner.headers,
    });
    expect(cleared.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}`,
      headers: owner.headers,
    });
    expect(after.json().lost).toBeNull();
  });
});

describe('guardians', () => {
  const confirmTokenOf = (text: string) => /guardians\/confirm\?token=([\w-]+)/.exec(text)?.[1];

  it('are invited by e-mail, confirmed by the link, alerted, and leave with one click', async () => {
    const { owner } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/qr-codes/${qrId}/guardians`,
      headers: owner.headers,
      payload: { email: 'nani@example.com' },
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ email: 'nani@example.com', status: 'PENDING' });
    const [invitation] = mailsTo('nani@example.com');
    expect(invitation.subject).toBe(
      `${owner.subject}@example.com wants you to get CareCode alerts`,
    );
    const token = confirmTokenOf(invitation.text ?? '')!;

    // Pending guardians get nothing.
    await scan(t, qrId);
    await dispatch();
    expect(mailsTo('nani@example.com')).toHaveLength(1);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/guardians/confirm',
      payload: { token },
    });
    expect(confirmed.json()).toEqual({ qrName: 'Asha Verma' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/guardians/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('GUARDIAN_LINK_INVALID');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/guardians`,
      headers: owner.headers,
    });
    expect(list.json()).toEqual([expect.objectContaining({ status: 'CONFIRMED' })]);

    advance(120);
    await scan(t, qrId);
    await dispatch();
    const [, alert] = mailsTo('nani@example.com');
    expect(alert.subject).toBe('Asha Verma was scanned');
    // A guardian cannot open the owner's pages: no button, but the way out.
    expect(alert.html).not.toContain('/qr-data/');
    const unsubscribeUrl = /^<(.+)>$/.exec(String(rawHeader(alert, 'list-unsubscribe')))![1];
    expect(unsubscribeUrl).toMatch(/token=g\./);

    // The mail client's one-click POST (RFC 8058).
    const left = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl.replace('http://localhost:8080', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ qrName: 'Asha Verma' });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/guardians`,
      headers: owner.headers,
    });
    expect(none.json()).toEqual([]);
    advance(120);
    await scan(t, qrId);
    await dispatch();
    expect(mailsTo('nani@example.com')).toHaveLength(2);

    // A forged token is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      payload: {
        token: unsubscribeUrl.split('token=')[1].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      },
    });
    expect(forged.json().code).toBe('UNSUBSCRIBE_LINK_INVALID');
  });

  it('are limited by plan (Free 1, Basic 3), unique per QR, and the owner removes them', async () => {
    const { owner } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id);
    const add = (email: string, headers = owner.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/qr-codes/${qrId}/guardians`,
        headers,
        payload: { email },
      });
    const first = await add('one@example.com');
    expect(first.statusCode).toBe(201);
    const duplicate = await add('ONE@example.com');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('GUARDIAN_EXISTS');
    const over = await add('two@example.com');
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'GUARDIAN_LIMIT',
      message:
        'Your FREE plan allows up to 1 guardians a QR code. Upgrade on the Pricing page to add more.'.replace(
          'FREE',
          'Free',
        ),
    });
    await t.database.db.execute(sql`update users set plan = 'BASIC' where id = ${owner.id}`);
    expect((await add('two@example.com')).statusCode).toBe(201);
    expect((await add('three@example.com')).statusCode).toBe(201);
    expect((await add('four@example.com')).statusCode).toBe(403);

    const invalid = await add('not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.email).toBeDefined();

    const stranger = await createOwner(t, `guardian-stranger-${ownerCounter}`);
    expect((await add('x@example.com', stranger.headers)).statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${qrId}/guardians/${first.json().id}`,
      headers: stranger.headers,
    });
    expect(remove.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/qr-codes/${qrId}/guardians/${first.json().id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await add('four@example.com')).statusCode).toBe(201);
  });

  it("the owner's one-click link turns that QR's e-mails off", async () => {
    const { owner } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId);
    await dispatch();
    const [mail] = mailsTo(`${owner.subject}@example.com`);
    const token = /token=([\w.-]+)/.exec(String(rawHeader(mail, 'list-unsubscribe')))![1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    const prefs = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/alert-preferences`,
      headers: owner.headers,
    });
    expect(prefs.json()).toEqual({ push: true, email: false });
  });
});

describe('delivery', () => {
  it('retries a failing push service with back-off, then sends', async () => {
    const { owner, device } = await ownerWithDevice();
    await t.database.db.execute(sql`update users set alert_email = false where id = ${owner.id}`);
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId);
    push.failNext(2, 503);
    expect(await dispatch()).toMatchObject({ sent: 0, failed: 1 });
    advance(4);
    expect(await dispatch()).toMatchObject({ sent: 0, failed: 0 }); // waits 5 s
    advance(1);
    expect(await dispatch()).toMatchObject({ sent: 0, failed: 1 });
    advance(10);
    expect(await dispatch()).toMatchObject({ sent: 1 });
    expect(pushesTo(device.endpoint)).toHaveLength(1);
  });

  it('forgets a device the push service answers 410 Gone for', async () => {
    const { owner, device } = await ownerWithDevice();
    const qrId = await createQr(t, owner.id);
    push.expire(device);
    await scan(t, qrId);
    await dispatch();
    const rows = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from push_subscriptions where endpoint = ${device.endpoint}`,
    );
    expect(rows[0].count).toBe(0);
  });
});

describe('push subscriptions', () => {
  it('are validated, answer 201, move with the device, and are removed by DELETE', async () => {
    const owner: Owner = await createOwner(t, 'push-subscriber');
    const device = push.subscribe('browser');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      payload: device,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [
      { ...device, endpoint: device.endpoint.replace('https:', 'http:') },
      { ...device, keys: { p256dh: device.keys.p256dh } },
      { ...device, keys: { ...device.keys, auth: 'x' } },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push-subscriptions',
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: owner.headers,
      payload: device,
    });
    expect(ok.statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/push-subscriptions',
      headers: owner.headers,
      payload: { endpoint: device.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    const rows = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from push_subscriptions where endpoint = ${device.endpoint}`,
    );
    expect(rows[0].count).toBe(0);
  });

  it('the VAPID public key is in the runtime configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().vapidPublicKey).toBe(t.app.alerts.keys.vapid.publicKey);
    expect(res.json().vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});
