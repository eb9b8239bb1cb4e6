import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { calls, conversations, messages, qrCodes, scans, users } from '../../db/schema/index.ts';
import { createOwner, type Owner } from '../scans/scans.test-kit.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;

const contacts = {
  ownerContact: { name: 'Meera', phoneNumber: '9876543210' },
  emergencyContact: { name: 'Arjun', phoneNumber: '9876543211' },
};
const android = { deviceType: 'mobile', os: 'Android', osVersion: '14', browser: 'Chrome' };
const iphone = { deviceType: 'mobile', os: 'iOS', osVersion: '17.4', browser: 'Mobile Safari' };
const windows = { deviceType: 'desktop', os: 'Windows', osVersion: '10', browser: 'Firefox' };
const tablet = { deviceType: 'tablet', os: 'Android', osVersion: '13', browser: 'Chrome' };

/**
 * Scans around India's midnight (UTC+05:30): 18:30 UTC is 00:00 of the next India day. The
 * period 2026-03-01 – 2026-03-03 (India) holds s2–s6.
 */
const seeded = [
  { id: 'scan-1', qr: 'qr-a-child', at: '2026-02-28T18:29:59.999Z', device: android }, // 28 Feb 23:59
  {
    id: 'scan-2',
    qr: 'qr-a-child',
    at: '2026-02-28T18:30:00.000Z',
    device: android,
    located: true,
  }, // 1 Mar 00:00
  { id: 'scan-3', qr: 'qr-a-child', at: '2026-02-28T18:45:00.000Z', device: iphone }, // 1 Mar 00:15
  { id: 'scan-4', qr: 'qr-b-car', at: '2026-03-01T06:30:00.000Z', device: windows, located: true }, // 12:00
  { id: 'scan-5', qr: 'qr-b-car', at: '2026-03-02T12:00:00.000Z', device: tablet }, // 2 Mar 17:30
  { id: 'scan-6', qr: 'qr-c-bag', at: '2026-03-03T18:29:00.000Z', device: {} }, // 3 Mar 23:59
  { id: 'scan-7', qr: 'qr-c-bag', at: '2026-03-03T18:30:00.000Z', device: android }, // 4 Mar 00:00
  { id: 'scan-x', qr: 'qr-z-other', at: '2026-03-02T05:00:00.000Z', device: android },
];

const get = (url: string, headers = owner.headers) => t.app.inject({ method: 'GET', url, headers });
const PERIOD = 'from=2026-03-01&to=2026-03-03';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createOwner(t, 'analytics-owner', 'PREMIUM');
  other = await createOwner(t, 'analytics-other', 'BUSINESS');
  const db = t.database.db;
  await db.insert(qrCodes).values([
    {
      id: 'qr-a-child',
      ownerId: owner.id,
      type: 'CHILD',
      details: {
        fullName: 'Asha Verma',
        schoolContact: contacts.ownerContact,
        emergencyContact: contacts.emergencyContact,
      },
    },
    {
      id: 'qr-b-car',
      ownerId: owner.id,
      type: 'VEHICLE',
      details: { numberPlate: 'MH12AB1234', modelDescription: 'Swift', ...contacts },
    },
    {
      id: 'qr-c-bag',
      ownerId: owner.id,
      type: 'LUGGAGE',
      details: { description: 'Blue suitcase', ...contacts },
    },
    {
      id: 'qr-z-other',
      ownerId: other.id,
      type: 'LUGGAGE',
      details: { description: 'Red bag', ...contacts },
    },
  ]);
  await db.insert(scans).values(
    seeded.map((scan) => ({
      id: scan.id,
      qrId: scan.qr,
      ownerId: scan.qr === 'qr-z-other' ? other.id : owner.id,
      scannedAt: new Date(scan.at),
      deviceInfo: scan.device,
      latitude: scan.located ? 12.97 : null,
      longitude: scan.located ? 77.59 : null,
      gpsEnabled: Boolean(scan.located),
      expiresAt: new Date(Date.parse(scan.at) + 180_000),
    })),
  );
  const call = (id: string, scanId: string, qrId: string, at: string, status: string) => ({
    id,
    scanId,
    qrId,
    ownerId: owner.id,
    contact: 'emergencyContact',
    scannerHash: `hash-${id}`,
    scannerLast2: '10',
    gateway: 'sandbox' as const,
    status,
    createdAt: new Date(at),
  });
  await db.insert(calls).values([
    call('call-1', 'scan-2', 'qr-a-child', '2026-02-28T18:40:00Z', 'completed'), // 1 Mar India
    call('call-2', 'scan-4', 'qr-b-car', '2026-03-01T07:00:00Z', 'no-answer'),
    call('call-3', 'scan-7', 'qr-c-bag', '2026-03-04T00:00:00Z', 'completed'), // 4 Mar India
  ]);
  await db.insert(conversations).values({
    id: 'conv-1',
    scanId: 'scan-2',
    qrId: 'qr-a-child',
    ownerId: owner.id,
  });
  await db.insert(messages).values([
    {
      id: 'm-1',
      conversationId: 'conv-1',
      sender: 'scanner',
      text: 'Found her',
      createdAt: new Date('2026-02-28T18:35:00Z'),
    },
    {
      id: 'm-2',
      conversationId: 'conv-1',
      sender: 'owner',
      text: 'Coming',
      createdAt: new Date('2026-03-01T02:00:00Z'),
    },
    {
      id: 'm-3',
      conversationId: 'conv-1',
      sender: 'scanner',
      text: 'Thanks',
      createdAt: new Date('2026-03-03T18:31:00Z'),
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/analytics', () => {
  it('counts the period of India days: a scan at 18:45 UTC falls on the next day, in hour 0', async () => {
    const res = await get(`/api/analytics?${PERIOD}&granularity=day`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-03',
      granularity: 'day',
      timeZone: 'Asia/Kolkata',
      qrId: null,
    });
    expect(body.totals).toEqual({
      scans: 5,
      located: 2,
      locatedShare: 0.4,
      codes: 3,
      calls: 2,
      connectedCalls: 1,
      messages: 1,
      replies: 1,
    });
    expect(body.series).toEqual([
      { start: '2026-03-01', end: '2026-03-01', scans: 3 },
      { start: '2026-03-02', end: '2026-03-02', scans: 1 },
      { start: '2026-03-03', end: '2026-03-03', scans: 1 },
    ]);
    expect(body.byKind).toEqual([
      { type: 'CHILD', scans: 2 },
      { type: 'VEHICLE', scans: 2 },
      { type: 'LUGGAGE', scans: 1 },
    ]);
    expect(body.byQr).toEqual({
      items: [
        { qrId: 'qr-a-child', type: 'CHILD', name: 'Asha Verma', scans: 2 },
        { qrId: 'qr-b-car', type: 'VEHICLE', name: 'MH12AB1234', scans: 2 },
        { qrId: 'qr-c-bag', type: 'LUGGAGE', name: 'Blue suitcase', scans: 1 },
      ],
      others: 0,
    });
    expect(body.byDevice).toEqual([
      { deviceType: 'mobile', scans: 2 },
      { deviceType: 'desktop', scans: 1 },
      { deviceType: 'tablet', scans: 1 },
      { deviceType: 'unknown', scans: 1 },
    ]);
    expect(body.byOs).toEqual([
      { os: 'Android', scans: 2 },
      { os: 'iOS', scans: 1 },
      { os: 'unknown', scans: 1 },
      { os: 'Windows', scans: 1 },
    ]);
    const hours = Array(24).fill(0);
    hours[0] = 2; // 00:00 and 00:15 on 1 March
    hours[12] = 1;
    hours[17] = 1;
    hours[23] = 1;
    expect(body.byHour).toEqual(hours);
  });

  it('gives every bucket, zeros included, clipped to the period (weeks from Monday, months)', async () => {
    const weeks = await get(`/api/analytics?${PERIOD}&granularity=week`);
    // 1 March 2026 is a Sunday: its week's bucket holds one day.
    expect(weeks.json().series).toEqual([
      { start: '2026-03-01', end: '2026-03-01', scans: 3 },
      { start: '2026-03-02', end: '2026-03-03', scans: 2 },
    ]);
    const months = await get('/api/analytics?from=2026-02-15&to=2026-04-10&granularity=month');
    expect(months.json().series).toEqual([
      { start: '2026-02-15', end: '2026-02-28', scans: 1 },
      { start: '2026-03-01', end: '2026-03-31', scans: 6 },
      { start: '2026-04-01', end: '2026-04-10', scans: 0 },
    ]);
    expect(months.json().totals.scans).toBe(7);
    const days = await get('/api/analytics?from=2026-03-05&to=2026-03-06');
    expect(days.json().series).toEqual([
      { start: '2026-03-05', end: '2026-03-05', scans: 0 },
      { start: '2026-03-06', end: '2026-03-06', scans: 0 },
    ]);
    expect(days.json().totals).toMatchObject({ scans: 0, located: 0, locatedShare: 0, codes: 0 });
    expect(days.json().byHour).toEqual(Array(24).fill(0));
    expect(days.json().byKind).toEqual([]);
  });

  it("narrows to one of the owner's codes with qrId", async () => {
    const body = (await get(`/api/analytics?${PERIOD}&qrId=qr-b-car`)).json();
    expect(body.qrId).toBe('qr-b-car');
    expect(body.totals).toEqual({
      scans: 2,
      located: 1,
      locatedShare: 0.5,
      codes: 1,
      calls: 1,
      connectedCalls: 0,
      messages: 0,
      replies: 0,
    });
    expect(body.byQr.items).toEqual([
      { qrId: 'qr-b-car', type: 'VEHICLE', name: 'MH12AB1234', scans: 2 },
    ]);
    expect(body.byOs).toEqual([
      { os: 'Android', scans: 1 },
      { os: 'Windows', scans: 1 },
    ]);
  });

  it("answers 404 for another owner's code, whatever the plan", async () => {
    const res = await get(`/api/analytics?${PERIOD}&qrId=qr-z-other`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('QR_NOT_FOUND');
    expect((await get(`/api/analytics?${PERIOD}&qrId=nothing-here`)).statusCode).toBe(404);
  });

  it('refuses Free and Basic, and a Premium plan that has ended, with ANALYTICS_PLAN (403)', async () => {
    for (const plan of ['FREE', 'BASIC'] as const) {
      const low = await createOwner(t, `analytics-${plan}`, plan);
      const res = await get(`/api/analytics?${PERIOD}`, low.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'ANALYTICS_PLAN',
        message: 'Analytics needs the Premium or Business plan. Upgrade on the Pricing page.',
        params: { plan },
      });
      const csv = await get(`/api/analytics/scans.csv?${PERIOD}`, low.headers);
      expect(csv.statusCode).toBe(403);
    }
    const ended = await createOwner(t, 'analytics-ended', 'BASIC');
    await t.database.db
      .update(users)
      .set({ paidPlan: 'PREMIUM', planExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, ended.id));
    expect((await get(`/api/analytics?${PERIOD}`, ended.headers)).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, ended.id));
    expect((await get(`/api/analytics?${PERIOD}`, ended.headers)).statusCode).toBe(200);
  });

  it('answers 400 with a message for each bad field', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['from=2026-02-30&to=2026-03-01', { from: 'Enter a date as YYYY-MM-DD' }],
      ['to=2026-03-01', { from: 'Enter a date as YYYY-MM-DD' }],
      ['from=2026-03-02&to=2026-03-01', { to: 'The end date must be on or after the start date' }],
      ['from=2023-01-01&to=2026-03-01', { to: 'Choose a period of at most 3 years' }],
      ['from=2026-03-01&to=2026-03-02&granularity=hour', { granularity: 'Invalid value' }],
    ];
    for (const [query, fields] of cases) {
      const res = await get(`/api/analytics?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toEqual(fields);
    }
  });

  it('follows erased locations and deleted codes (the day counts are kept by the database)', async () => {
    const erase = await t.app.inject({
      method: 'DELETE',
      url: '/api/scans/scan-4/location',
      headers: owner.headers,
    });
    expect(erase.statusCode).toBe(204);
    let totals = (await get(`/api/analytics?${PERIOD}`)).json().totals;
    expect(totals).toMatchObject({ scans: 5, located: 1, locatedShare: 0.2 });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/qr-codes/qr-c-bag',
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const body = (await get(`/api/analytics?${PERIOD}`)).json();
    totals = body.totals;
    expect(totals).toMatchObject({ scans: 4, located: 1, codes: 2 });
    expect(body.byDevice.map((d: { deviceType: string }) => d.deviceType)).toEqual([
      'mobile',
      'desktop',
      'tablet',
    ]);
    expect(body.byHour[23]).toBe(0);
  });
});

describe('GET /api/analytics/scans.csv', () => {
  it("writes the period's scans, oldest first, with the data export's columns", async () => {
    const res = await get('/api/analytics/scans.csv?from=2026-02-28&to=2026-03-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="carecode-scans-2026-02-28-to-2026-03-02.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"scanId","qrId","qrType","scannedAt","deviceType","os","browser","latitude","longitude"',
      '"scan-1","qr-a-child","CHILD","2026-02-28T18:29:59.999Z","mobile","Android 14","Chrome","",""',
      '"scan-2","qr-a-child","CHILD","2026-02-28T18:30:00.000Z","mobile","Android 14","Chrome","12.97","77.59"',
      '"scan-3","qr-a-child","CHILD","2026-02-28T18:45:00.000Z","mobile","iOS 17.4","Mobile Safari","",""',
      '"scan-4","qr-b-car","VEHICLE","2026-03-01T06:30:00.000Z","desktop","Windows 10","Firefox","",""',
      '"scan-5","qr-b-car","VEHICLE","2026-03-02T12:00:00.000Z","tablet","Android 13","Chrome","",""',
    ]);
    const one = await get('/api/analytics/scans.csv?from=2026-03-01&to=2026-03-01&qrId=qr-b-car');
    expect(one.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    expect(
      (await get('/api/analytics/scans.csv?from=2026-03-01&to=2026-03-01&qrId=qr-z-other'))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/analytics/scans.csv?from=2026-03-01')).json().fields).toEqual({
      to: 'Enter a date as YYYY-MM-DD',
    });
  });

  it('pages through many scans in order', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `bulk-${String(i).padStart(2, '0')}`,
      qrId: 'qr-a-child',
      ownerId: owner.id,
      // Two scans share each time: the id breaks the tie.
      scannedAt: new Date(Date.parse('2026-05-01T04:00:00.000123Z') + Math.floor(i / 2) * 1000),
      deviceInfo: android,
      expiresAt: new Date('2026-05-02T00:00:00Z'),
    }));
    await t.database.db.insert(scans).values(many);
    const { createAnalyticsService } = await import('./analytics.service.ts');
    const { createAnalyticsRepository } = await import('./analytics.repository.ts');
    const service = createAnalyticsService(createAnalyticsRepository(t.database.db));
    const ids: string[] = [];
    let pages = 0;
    for await (const page of service.scans(owner.id, { from: '2026-05-01', to: '2026-05-01' }, 5)) {
      pages += 1;
      ids.push(...page.map((row) => row.id));
    }
    expect(pages).toBe(3);
    expect(ids).toEqual(many.map((scan) => scan.id));
  });
});
