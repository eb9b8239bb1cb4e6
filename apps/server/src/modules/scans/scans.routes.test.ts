import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { qrCodes, rateLimitCounters, scans } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import {
  RATE_LIMIT_FLUSH_MS,
  SHARE_FROM_FRACTION,
} from '../../plugins/rate-limit/counter-store.ts';
import { SCAN_COUNT_CAP } from '@carecode/domain/scans/scan.schema';
import { scanRateLimits } from './scans.routes.ts';
import { visitorOf } from './scans.service.ts';
import {
  ANDROID_CHROME,
  awaitFreshWindow,
  countScans,
  createOwner,
  createQr,
  IPHONE_SAFARI,
  nextAddress,
  personDetails,
  scan,
  WINDOWS_FIREFOX,
} from './scans.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getSession = (scanId: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/scans/${scanId}`,
    headers,
    remoteAddress: nextAddress(),
  });

const putLocation = (scanId: string, payload: unknown, address = nextAddress()) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/scans/${scanId}/location`,
    payload: payload as object,
    remoteAddress: address,
  });

describe('GET /qr-codes/{id}/scan (the URL in every QR)', () => {
  it('records a scan and answers 302 to {PUBLIC_URL}/scans/{scanId} with Cache-Control: no-store', async () => {
    const owner = await createOwner(t, 'scan-owner-1');
    const qrId = await createQr(t, owner.id);
    const { res, location, scanId } = await scan(t, qrId);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(location).toBe(`http://localhost:8080/scans/${scanId}`);
    // 128 random bits, URL-safe.
    expect(scanId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await countScans(t, qrId)).toBe(1);
  });

  it('commits the scan before answering, so the session reads at once', async () => {
    const owner = await createOwner(t, 'scan-owner-2');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const res = await getSession(scanId!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      scanId,
      qr: {
        id: qrId,
        type: 'PERSON',
        status: 'ASSIGNED',
        public: true,
        details: personDetails(),
        lost: null,
        hideNumbers: false,
      },
      quotaExceeded: false,
      // A personal code: no organisation's branding.
      branding: null,
    });
  });

  it('gives every scan its own id', async () => {
    const owner = await createOwner(t, 'scan-owner-3');
    const qrId = await createQr(t, owner.id);
    const ids = new Set<string | undefined>();
    for (let i = 0; i < 5; i += 1) ids.add((await scan(t, qrId)).scanId);
    expect(ids.size).toBe(5);
  });

  it('answers an unknown QR id with the not-found help page: emergency numbers to tap, nothing recorded', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'not a valid id!', 'x'.repeat(80)]) {
      const { res } = await scan(t, id);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.body;
      expect(page).toContain('<h1>QR code not found</h1>');
      expect(page).toContain(
        'This QR code is not registered with CareCode, or its owner has removed it. If someone needs help, call an emergency number below.',
      );
      expect(page).toContain('Emergency Numbers (India)');
      for (const number of ['112', '100', '102', '1033', '1091', '1098', '101', '1078']) {
        expect(page).toContain(`href="tel:${number}"`);
      }
      expect(page).not.toContain('href="tel:108"');
      expect(page).toContain('aria-label="Call 112, All-in-one Emergency"');
      expect(page).not.toContain('<script');
    }
    expect(await countScans(t, 'AAAAAAAAAAAAAAAAAAAAAA')).toBe(0);
  });

  it('shows the help page in Hindi to a Hindi browser', async () => {
    const { res } = await scan(t, 'AAAAAAAAAAAAAAAAAAAAAA', { acceptLanguage: 'hi-IN,hi;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('<h1>QR कोड नहीं मिला</h1>');
    expect(res.body).toContain('आपातकालीन नंबर (भारत)');
    expect(res.body).toContain('aria-label="112 पर कॉल करें, सभी आपात स्थितियों के लिए"');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('answers text it cannot store with the help page, not an error body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/abc%00def/scan',
      headers: { 'user-agent': ANDROID_CHROME },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('href="tel:112"');
  });

  it.each([
    ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
    [
      'facebookexternalhit',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ],
    ['Twitterbot', 'Twitterbot/1.0'],
    ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['TelegramBot', 'TelegramBot (like TwitterBot)'],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  ])(
    'redirects the %s link-preview agent to the home page without recording a scan',
    async (_name, userAgent) => {
      const owner = await createOwner(t, `bot-owner-${_name}`);
      const qrId = await createQr(t, owner.id);
      const { res, location } = await scan(t, qrId, { userAgent });
      expect(res.statusCode).toBe(302);
      expect(location).toBe('http://localhost:8080/');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await countScans(t, qrId)).toBe(0);
    },
  );

  it('answers HEAD with a redirect but records nothing', async () => {
    const owner = await createOwner(t, 'head-owner');
    const qrId = await createQr(t, owner.id);
    const { res } = await scan(t, qrId, { method: 'HEAD' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:8080/');
    expect(await countScans(t, qrId)).toBe(0);
  });

  it('stores the browser, OS and device type parsed from the User-Agent', async () => {
    const owner = await createOwner(t, 'device-owner');
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId, { userAgent: IPHONE_SAFARI });
    await scan(t, qrId, { userAgent: WINDOWS_FIREFOX });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans?sort=asc`,
      headers: owner.headers,
    });
    const [iphone, windows] = res.json().items;
    expect(iphone.deviceInfo).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      osVersion: '17.4',
      deviceType: 'mobile',
      userAgent: IPHONE_SAFARI,
    });
    expect(windows.deviceInfo).toMatchObject({
      browser: 'Firefox',
      browserVersion: '125.0',
      os: 'Windows',
      deviceType: 'desktop',
    });
  });

  it('stores an agent with quotes, backslashes and SQL in it exactly as sent', async () => {
    const owner = await createOwner(t, 'quoting-owner');
    const qrId = await createQr(t, owner.id);
    const agents = [
      `Mozilla/5.0 (Linux; Android 14; it's "odd" \\ back\\slash) AppleWebKit/537.36 (x'); drop table qr_codes; --) Chrome/126.0 Mobile Safari/537.36`,
      `Mozilla/5.0 (Linux; Android 14; Pixel $$ E'\\x41' \\' \\\\ '') AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36`,
    ];
    for (const userAgent of agents)
      expect((await scan(t, qrId, { userAgent })).scanId).toBeTruthy();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans?sort=asc`,
      headers: owner.headers,
    });
    expect(
      res
        .json()
        .items.map((item: { deviceInfo: { userAgent: string } }) => item.deviceInfo.userAgent),
    ).toEqual(agents);
  });

  it("deletes a QR's scans with the QR, and a deleted QR's scan URL records nothing", async () => {
    const owner = await createOwner(t, 'deleting-owner');
    const kept = await createQr(t, owner.id);
    const deleted = await createQr(t, owner.id);
    await scan(t, kept);
    await scan(t, deleted);
    await scan(t, deleted);
    const countOf = async (qrId: string) => {
      const rows = (await t.database.db.execute(
        sql`select count(*)::int as n from scans where qr_id = ${qrId}`,
      )) as unknown as { rows: { n: number }[] };
      return rows.rows[0].n;
    };
    expect(await countOf(deleted)).toBe(2);
    await t.database.db.execute(sql`delete from qr_codes where id = ${deleted}`);
    expect(await countOf(deleted)).toBe(0);
    expect(await countOf(kept)).toBe(1);
    const again = await scan(t, deleted);
    expect(again.res.statusCode).toBe(404);
    expect(again.res.body).toContain('<h1>QR code not found</h1>');
    expect(await countOf(deleted)).toBe(0);
  });

  it('keeps the arrival order of scans that share a millisecond', async () => {
    const owner = await createOwner(t, 'order-owner');
    const qrId = await createQr(t, owner.id);
    const ids: string[] = [];
    // One after another, each its own batch, all in one millisecond (the clock stands still).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 30; i += 1) ids.push((await scan(t, qrId)).scanId!);
    } finally {
      vi.useRealTimers();
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans?sort=asc&pageSize=50`,
      headers: owner.headers,
    });
    const items = res.json().items as { scanId: string; scanTimestamp: string }[];
    expect(items.map((item) => item.scanId)).toEqual(ids);
  });
});

describe('monthly scan quota (Asia/Kolkata calendar month)', () => {
  it('serves the 10th scan of a Free QR normally and flags the 11th as over quota, still with details', async () => {
    const owner = await createOwner(t, 'quota-free');
    const qrId = await createQr(t, owner.id);
    const sessions = [];
    for (let i = 0; i < 11; i += 1) {
      const { scanId } = await scan(t, qrId);
      sessions.push((await getSession(scanId!)).json());
    }
    expect(sessions[9].quotaExceeded).toBe(false);
    expect(sessions[10].quotaExceeded).toBe(true);
    // Help is never withheld: the over-quota scan still carries the public details.
    expect(sessions[10].qr.details).toEqual(personDetails());
    // Over the quota a scan is still recorded, so the owner sees it.
    expect(await countScans(t, qrId)).toBe(11);
  });

  it('does not let one address use up the quota: its repeat scans count once', async () => {
    const owner = await createOwner(t, 'quota-repeat');
    const qrId = await createQr(t, owner.id);
    const stranger = nextAddress();
    const strangerSessions = [];
    for (let i = 0; i < 25; i += 1) {
      const { scanId } = await scan(t, qrId, { address: stranger });
      strangerSessions.push((await getSession(scanId!)).json());
    }
    expect(strangerSessions.every((session) => session.quotaExceeded === false)).toBe(true);
    // Nine real scanners from other addresses: with the stranger that makes ten visitors.
    const others = [];
    for (let i = 0; i < 10; i += 1) {
      const { scanId } = await scan(t, qrId);
      others.push((await getSession(scanId!)).json());
    }
    expect(others.slice(0, 9).every((session) => session.quotaExceeded === false)).toBe(true);
    // The eleventh visitor is over the Free plan's ten.
    expect(others[9].quotaExceeded).toBe(true);
    // Every scan is still recorded for the owner.
    expect(await countScans(t, qrId)).toBe(35);
  });

  it('keeps only 20 bits of the address hash on a scan', async () => {
    const owner = await createOwner(t, 'quota-visitor');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId, { address: '203.0.113.9' });
    const [row] = await t.database.db
      .select({ visitor: scans.visitor })
      .from(scans)
      .where(eq(scans.id, scanId!));
    expect(row.visitor).toMatch(/^[0-9a-f]{5}$/);
    expect(row.visitor).toBe(visitorOf(qrId, '203.0.113.9'));
  });

  it('allows 200 scans a month on Basic', async () => {
    const owner = await createOwner(t, 'quota-basic', 'BASIC');
    const qrId = await createQr(t, owner.id);
    let last;
    for (let i = 0; i < 11; i += 1) last = await scan(t, qrId);
    expect((await getSession(last!.scanId!)).json().quotaExceeded).toBe(false);
  });

  it('counts by the calendar month in India: 00:01 IST on the 1st starts a fresh month', async () => {
    const owner = await createOwner(t, 'quota-month');
    const qrId = await createQr(t, owner.id);
    const future = new Date(Date.now() + 3600_000);
    const row = (id: string, at: string) => ({
      id,
      qrId,
      ownerId: owner.id,
      scannedAt: new Date(at),
      deviceInfo: {},
      expiresAt: future,
    });
    // 31 May 23:59 IST is still May (18:29 UTC).
    const may = Array.from({ length: 10 }, (_, i) =>
      row(`may-${qrId}-${i}`, `2025-05-31T18:29:${String(i).padStart(2, '0')}Z`),
    );
    await t.database.db.insert(scans).values(may);
    // 1 June 00:01 IST (18:31 UTC on 31 May) is the first scan of June.
    await t.database.db.insert(scans).values(row(`june-first-${qrId}`, '2025-05-31T18:31:00Z'));
    expect((await getSession(`june-first-${qrId}`)).json().quotaExceeded).toBe(false);
    // The 11th scan of May is over the quota.
    await t.database.db.insert(scans).values(row(`may-11-${qrId}`, '2025-05-31T18:29:30Z'));
    expect((await getSession(`may-11-${qrId}`)).json().quotaExceeded).toBe(true);
  });

  it('lifts the flag as soon as the owner upgrades', async () => {
    const owner = await createOwner(t, 'quota-upgrade');
    const qrId = await createQr(t, owner.id);
    let last;
    for (let i = 0; i < 11; i += 1) last = await scan(t, qrId);
    expect((await getSession(last!.scanId!)).json().quotaExceeded).toBe(true);
    await t.database.db.execute(sql`update users set plan = 'BASIC' where id = ${owner.id}`);
    expect((await getSession(last!.scanId!)).json().quotaExceeded).toBe(false);
  });
});

describe('GET /scans/{scanId}', () => {
  it('answers 404 with a message for an unknown scan', async () => {
    const res = await getSession('no-such-scan');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      code: 'SCAN_NOT_FOUND',
      message: 'Scan not found. Please rescan the QR code.',
    });
  });

  it('answers 403 with the access-restricted message for a private QR', async () => {
    const owner = await createOwner(t, 'private-owner');
    const qrId = await createQr(t, owner.id, { isPublic: false });
    const { scanId } = await scan(t, qrId);
    const res = await getSession(scanId!);
    expect(res.statusCode).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      code: 'QR_PRIVATE',
      message: 'This QR code is private. Only its owner can see its details.',
    });
    expect(JSON.stringify(res.json())).not.toContain('Asha');
  });

  it('shows a private QR to its owner, but not to another signed-in user', async () => {
    const owner = await createOwner(t, 'private-owner-2');
    const other = await createOwner(t, 'private-other');
    const qrId = await createQr(t, owner.id, { isPublic: false });
    const { scanId } = await scan(t, qrId);
    const mine = await getSession(scanId!, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().qr).toMatchObject({ public: false, details: personDetails() });
    expect((await getSession(scanId!, other.headers)).statusCode).toBe(403);
    expect((await getSession(scanId!, { authorization: 'Bearer junk' })).statusCode).toBe(403);
  });
});

describe('PUT /scans/{scanId}/location', () => {
  it('stores the location with gpsEnabled and answers 204', async () => {
    const owner = await createOwner(t, 'location-owner');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const res = await putLocation(scanId!, { latitude: 28.6139, longitude: 77.209 });
    expect(res.statusCode).toBe(204);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/scans/',
      headers: owner.headers,
    });
    expect(history.json().items[0]).toMatchObject({
      scanId,
      qrId,
      location: { latitude: 28.6139, longitude: 77.209, gpsEnabled: true },
    });
  });

  it('accepts the edges -90/90 and -180/180', async () => {
    const owner = await createOwner(t, 'location-edges');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    expect((await putLocation(scanId!, { latitude: -90, longitude: -180 })).statusCode).toBe(204);
    expect((await putLocation(scanId!, { latitude: 90, longitude: 180 })).statusCode).toBe(204);
  });

  it.each([
    [{ latitude: 90.0001, longitude: 0 }, 'latitude'],
    [{ latitude: -91, longitude: 0 }, 'latitude'],
    [{ latitude: 0, longitude: 180.5 }, 'longitude'],
    [{ latitude: 0, longitude: -181 }, 'longitude'],
    [{ latitude: '12.5', longitude: 77 }, 'latitude'],
    [{ longitude: 77 }, 'latitude'],
    [{ latitude: 12, longitude: 77, accuracy: 5 }, 'accuracy'],
  ])('rejects %j with 400 naming %s', async (payload, field) => {
    const owner = await createOwner(t, `location-bad-${field}-${JSON.stringify(payload).length}`);
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const res = await putLocation(scanId!, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans`,
      headers: owner.headers,
    });
    expect(history.json().items[0].location).toBeNull();
  });

  it('answers 404 for an unknown scan', async () => {
    const res = await putLocation('no-such-scan', { latitude: 1, longitude: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'SCAN_NOT_FOUND',
      message: 'Scan not found. Please rescan the QR code.',
    });
  });
});

describe('rate limits on the anonymous scan calls', () => {
  it(`answers the busy help page (429) after ${scanRateLimits.scan.max} scans of one QR a minute from one address, recording none of those`, async () => {
    const owner = await createOwner(t, 'limit-owner');
    const qrId = await createQr(t, owner.id);
    const otherQrId = await createQr(t, owner.id);
    const address = nextAddress();
    await awaitFreshWindow(scanRateLimits.scan.windowSeconds);
    const answers = await Promise.all(
      Array.from({ length: scanRateLimits.scan.max + 5 }, () => scan(t, qrId, { address })),
    );
    const limited = answers.filter(({ res }) => res.statusCode === 429);
    expect(answers.filter(({ res }) => res.statusCode === 302)).toHaveLength(
      scanRateLimits.scan.max,
    );
    expect(limited).toHaveLength(5);
    const busy = limited[0].res;
    const seconds = Number(busy.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(busy.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(busy.body).toContain('<h1>Many people are scanning right now</h1>');
    expect(busy.body).toContain(
      `This scan was not recorded. Try again in ${seconds} seconds. If someone needs help now, call an emergency number below.`,
    );
    expect(busy.body).toContain(
      `<a class="retry" href="http://localhost:8080/api/qr-codes/${qrId}/scan">Try again</a>`,
    );
    expect(busy.body).toContain('href="tel:112"');
    expect(await countScans(t, qrId)).toBe(scanRateLimits.scan.max);
    // Another QR from the same address (the next phone behind the same carrier address) and the
    // same QR from another address are not affected.
    expect((await scan(t, otherQrId, { address })).res.statusCode).toBe(302);
    expect((await scan(t, qrId)).res.statusCode).toBe(302);
  });

  it(`answers busy past ${scanRateLimits.scanPerAddress.max} scans a minute from one address across QRs`, async () => {
    const address = nextAddress();
    await awaitFreshWindow(scanRateLimits.scanPerAddress.windowSeconds);
    // Unknown ids record nothing, so the ceiling is reached cheaply; each id is new.
    const statuses: number[] = [];
    for (let i = 0; i <= scanRateLimits.scanPerAddress.max; i += 1) {
      statuses.push((await scan(t, `unknown-${i}`, { address })).res.statusCode);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(
      scanRateLimits.scanPerAddress.max,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits location calls per address, shared through the database table', async () => {
    const owner = await createOwner(t, 'limit-location');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const address = nextAddress();
    await awaitFreshWindow(scanRateLimits.location.windowSeconds);
    for (let i = 0; i < scanRateLimits.location.max; i += 1) {
      const res = await putLocation(scanId!, { latitude: 1, longitude: 2 }, address);
      expect(res.statusCode).toBe(204);
    }
    const over = await putLocation(scanId!, { latitude: 1, longitude: 2 }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
      params: { seconds: Number(over.headers['retry-after']) },
    });
    // The process adds its count to the shared table shortly after.
    await vi.waitFor(async () => {
      const [counter] = await t.database.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, `rl:scan-location:${address}`));
      expect(counter?.hits).toBe(scanRateLimits.location.max + 1);
    });
  });

  it('counts the hits already in the shared table (other replicas, earlier runs)', async () => {
    const owner = await createOwner(t, 'limit-replicas');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const address = nextAddress();
    const { windowSeconds, max } = scanRateLimits.location;
    const shareFrom = Math.ceil(max * SHARE_FROM_FRACTION);
    await awaitFreshWindow(windowSeconds);
    const windowMs = windowSeconds * 1000;
    const windowEnd = new Date(Math.floor(Date.now() / windowMs) * windowMs + windowMs);
    // Other replicas already let this address through this many times in this window.
    const elsewhere = max - shareFrom - 1;
    await t.database.db
      .insert(rateLimitCounters)
      .values({ key: `rl:scan-location:${address}`, hits: elsewhere, resetAt: windowEnd });
    const locate = () => putLocation(scanId!, { latitude: 1, longitude: 2 }, address);
    for (let i = 0; i < shareFrom; i += 1) expect((await locate()).statusCode).toBe(204);
    // After this process's next flush it knows the shared total: max - 1.
    await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_FLUSH_MS * 3));
    expect((await locate()).statusCode).toBe(204);
    expect((await locate()).statusCode).toBe(429);
  });

  it('limits session reads per scan and address', async () => {
    const address = nextAddress();
    await awaitFreshWindow(scanRateLimits.session.windowSeconds);
    const answers = await Promise.all(
      Array.from({ length: scanRateLimits.session.max + 1 }, () =>
        t.app.inject({ method: 'GET', url: '/api/scans/nope', remoteAddress: address }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 404)).toHaveLength(
      scanRateLimits.session.max,
    );
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(1);
  });

  it('on PGlite writes no counter for a client that scans once (PostgreSQL shares every hit)', async () => {
    const owner = await createOwner(t, 'limit-quiet');
    const qrId = await createQr(t, owner.id);
    const address = nextAddress();
    expect((await scan(t, qrId, { address })).res.statusCode).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_FLUSH_MS * 3));
    const rows = await t.database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `rl:scan:${address}|${qrId}`));
    if (t.database.kind === 'pglite') expect(rows).toEqual([]);
    else expect(rows.map((row) => row.hits)).toEqual([1]);
  });
});

describe('scan history', () => {
  let owner: Awaited<ReturnType<typeof createOwner>>;
  let qrA: string;
  let qrB: string;
  let otherQr: string;

  beforeAll(async () => {
    owner = await createOwner(t, 'history-owner', 'BASIC');
    const other = await createOwner(t, 'history-other');
    qrA = await createQr(t, owner.id, { fullName: 'Alpha' });
    qrB = await createQr(t, owner.id, { fullName: 'Beta' });
    otherQr = await createQr(t, other.id);
    // 7 scans of A from Android, 3 of B from an iPhone, 2 on the other owner's QR.
    for (let i = 0; i < 7; i += 1) await scan(t, qrA, { userAgent: ANDROID_CHROME });
    for (let i = 0; i < 3; i += 1) await scan(t, qrB, { userAgent: IPHONE_SAFARI });
    for (let i = 0; i < 2; i += 1) await scan(t, otherQr, { userAgent: WINDOWS_FIREFOX });
  });

  const history = (url: string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/scans/' });
    expect(res.statusCode).toBe(401);
    const perQr = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${qrA}/scans` });
    expect(perQr.statusCode).toBe(401);
  });

  it('lists all the owner’s scans, 5 a page, newest first, never another owner’s', async () => {
    const first = (await history('/api/scans/')).json();
    expect(first.total).toBe(10);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(5);
    expect(first.items).toHaveLength(5);
    const second = (await history('/api/scans/?page=2')).json();
    const third = (await history('/api/scans/?page=3')).json();
    expect(third.items).toHaveLength(0);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((s: { scanId: string }) => s.scanId)).size).toBe(10);
    expect(all.every((s: { qrId: string }) => s.qrId === qrA || s.qrId === qrB)).toBe(true);
    const times = all.map((s: { scanTimestamp: string }) => Date.parse(s.scanTimestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The 3 newest are B's (scanned last).
    expect(all.slice(0, 3).every((s: { qrId: string }) => s.qrId === qrB)).toBe(true);
  });

  it('sorts oldest first on request', async () => {
    const page = (await history('/api/scans/?sort=asc&pageSize=10')).json();
    const times = page.items.map((s: { scanTimestamp: string }) => Date.parse(s.scanTimestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(page.items[0].qrId).toBe(qrA);
  });

  it('searches by QR id (a part of it) or by device', async () => {
    const byId = (await history(`/api/scans/?q=${qrB.slice(0, 8)}&pageSize=20`)).json();
    expect(byId.total).toBe(3);
    const byDevice = (await history('/api/scans/?q=android&pageSize=20')).json();
    expect(byDevice.total).toBe(7);
    expect(byDevice.items.every((s: { qrId: string }) => s.qrId === qrA)).toBe(true);
    const byType = (await history('/api/scans/?q=MOBILE&pageSize=20')).json();
    expect(byType.total).toBe(10);
    const none = (await history('/api/scans/?q=firefox')).json();
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 5 });
    // LIKE wildcards are taken literally.
    expect((await history('/api/scans/?q=%25')).json().total).toBe(0);
  });

  it('finds device matches when the text also names part of a QR id', async () => {
    // A QR of this owner whose id holds 'droid', with no scans of its own.
    await t.database.db.insert(qrCodes).values({
      id: `xdroidx${newId().slice(0, 15)}`,
      ownerId: owner.id,
      type: 'PERSON',
      details: personDetails(),
      isPublic: true,
    });
    const page = (await history('/api/scans/?q=droid&pageSize=20')).json();
    expect(page.total).toBe(7);
    expect(page.items.every((s: { qrId: string }) => s.qrId === qrA)).toBe(true);
  });

  it('lists one QR’s scans', async () => {
    const page = (await history(`/api/qr-codes/${qrA}/scans?pageSize=100`)).json();
    expect(page.total).toBe(7);
    expect(page.items.every((s: { qrId: string }) => s.qrId === qrA)).toBe(true);
    expect(page.items[0]).toEqual({
      scanId: expect.any(String),
      qrId: qrA,
      scanTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      deviceInfo: expect.objectContaining({ browser: 'Chrome', os: 'Android' }),
      location: null,
    });
  });

  it('answers 404 for another owner’s QR exactly like a missing one', async () => {
    const foreign = await history(`/api/qr-codes/${otherQr}/scans`);
    const missing = await history('/api/qr-codes/AAAAAAAAAAAAAAAAAAAAAA/scans');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
  });

  it('counts at most SCAN_COUNT_CAP (1,000) scans and says so, still paging past them', async () => {
    const big = await createOwner(t, 'history-big', 'BUSINESS');
    const qrId = await createQr(t, big.id);
    await t.database.db.execute(sql`
      insert into scans (id, qr_id, owner_id, scanned_at, device_info, expires_at)
      select 'big-' || g, ${qrId}, ${big.id}, now() - g * interval '1 second',
             '{"browser":"Chrome","os":"Android","deviceType":"mobile"}'::jsonb, now()
      from generate_series(1, ${SCAN_COUNT_CAP + 7}) as g`);
    const first = (await history('/api/scans/?pageSize=100', big.headers)).json();
    expect(first.total).toBe(SCAN_COUNT_CAP);
    expect(first.isTotalCapped).toBe(true);
    expect(first.items[0].scanId).toBe('big-1');
    const beyond = (
      await history(`/api/scans/?pageSize=100&page=${SCAN_COUNT_CAP / 100 + 1}`, big.headers)
    ).json();
    expect(beyond.items.map((s: { scanId: string }) => s.scanId)).toEqual(
      Array.from({ length: 7 }, (_, i) => `big-${SCAN_COUNT_CAP + 1 + i}`),
    );
    expect(beyond.total).toBe(SCAN_COUNT_CAP + 7);
    const small = (await history('/api/scans/')).json();
    expect(small).not.toHaveProperty('isTotalCapped');
  });

  it('answers the right total on a last, partly filled page', async () => {
    const page = (await history('/api/scans/?pageSize=4&page=3')).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(10);
    const past = (await history('/api/scans/?pageSize=4&page=4')).json();
    expect(past).toEqual({ items: [], total: 10, page: 4, pageSize: 4 });
  });

  it.each(['page=0', 'pageSize=101', 'pageSize=abc', 'sort=sideways', `q=${'x'.repeat(101)}`])(
    'rejects %s with 400',
    async (query) => {
      const res = await history(`/api/scans/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    },
  );
});
