import { isErrorCode } from '@carecode/domain/errors/error-catalog';
import { qrDetailsSchemaByType, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { profileInputSchema } from '@carecode/domain/users/user.schema';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * Property tests over the whole API: generated bodies, params and queries (well-formed, nearly
 * well-formed and garbage) never produce a 5xx or a crash, and everything stored still passes its
 * domain schema. 10,200 requests in all.
 */

const RUNS = 900;

const phone = fc.oneof(fc.stringMatching(/^\d{10}$/), fc.string({ maxLength: 14 }));
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // Any UTF-16 code units, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '<script>alert(1)</script>',
    "'; drop table qr_codes; --",
    'ज़रूरी',
    '\uD800',
    'a\uDC00b',
  ),
);
const contact = fc.record({ name: text, phoneNumber: phone }, { requiredKeys: [] });
const medical = fc.record(
  {
    bloodGroup: fc.oneof(
      fc.constantFrom('A_POSITIVE', 'O_NEGATIVE', 'DONT_KNOW', "Don't Know", 'Z+'),
      text,
    ),
    medicalHistory: text,
    allergies: text,
    currentMedications: text,
  },
  { requiredKeys: [] },
);
const details = fc.record(
  {
    fullName: text,
    schoolName: text,
    schoolContact: contact,
    emergencyContact: contact,
    ownerContact: contact,
    medicalDetails: medical,
    numberPlate: text,
    modelDescription: text,
    description: text,
    deviceName: text,
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);
const qrType = fc.oneof(
  fc.constantFrom('CHILD', 'PERSON', 'VEHICLE', 'LUGGAGE', 'LOCKSCREEN'),
  text,
);
const qrBody = fc.oneof(
  fc.record({ type: qrType, details }, { requiredKeys: [] }),
  fc.record({ type: qrType, details, id: text, ownerId: text, status: text }),
  fc.jsonValue(),
  fc.anything(),
);
const param = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('..', '%2e%2e', '%00', 'null', 'undefined', '0', '-1', 'a'.repeat(500)),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'pageSize', 'q', 'sort', 'size', 'x', '__proto__'),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom('-1', '1e9', 'NaN', 'asc', 'desc'),
  ),
);
const location = fc.oneof(
  fc.record({ latitude: fc.double(), longitude: fc.double() }),
  fc.record({
    latitude: fc.integer({ min: -90, max: 90 }),
    longitude: fc.integer({ min: -180, max: 180 }),
  }),
  fc.anything(),
);
const profile = fc.oneof(
  fc.record(
    {
      name: text,
      fullName: text,
      bloodGroup: text,
      allergies: text,
      emergencyContact: contact,
      email: text,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

const encode = (value: string) => encodeURIComponent(value);
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

let t: TestApp;
let owner: Record<string, string>;
let qrId: string;
let scanId: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'off' });
  owner = await t.authHeaders({ subject: 'fuzz-owner' });
  await t.app.inject({ method: 'GET', url: '/api/user/me', headers: owner });
  // Business plan, so valid creations keep being stored instead of stopping at the Free limit.
  await t.database.db.execute(
    sql`update users set plan = 'BUSINESS' where oidc_subject = 'fuzz-owner'`,
  );
  const qr = await t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: owner,
    payload: {
      type: 'LUGGAGE',
      details: {
        description: 'Blue suitcase',
        ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
        emergencyContact: { name: 'Ravi', phoneNumber: '9123456780' },
      },
    },
  });
  qrId = qr.json().id;
  const scan = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${qrId}/scan` });
  scanId = String(scan.headers.location).split('/scans/')[1];
});

afterAll(async () => t.close());

async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers = owner,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : (JSON.stringify(payload) ?? 'null'),
  });
  if (res.statusCode >= 500)
    throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  // The scan URL is opened by people: it answers a help page with emergency numbers, never JSON.
  if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('text/html')) {
    if (!url.endsWith('/scan') || !res.body.includes('href="tel:112"'))
      throw new Error(`${method} ${url} answered ${res.statusCode} with a page without help`);
    return res;
  }
  if (res.statusCode >= 400 && !isErrorCode(res.json().code))
    throw new Error(`${method} ${url} answered ${res.statusCode} without a code: ${res.body}`);
  return res;
}

describe('fuzzing the API', { timeout: 300_000 }, () => {
  it('never answers 5xx to generated QR bodies (create and update)', async () => {
    await fc.assert(
      fc.asyncProperty(qrBody, async (body) => void (await send('POST', '/api/qr-codes/', body))),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        qrBody,
        async (body) => void (await send('PUT', `/api/qr-codes/${qrId}`, body)),
      ),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to generated ids and queries', async () => {
    await fc.assert(
      fc.asyncProperty(param, async (id) => {
        await send('GET', `/api/qr-codes/${encode(id)}`);
        await send('PUT', `/api/qr-codes/${encode(id)}/private`);
        await send('GET', `/api/qr-codes/${encode(id)}/scan`, undefined, {});
        await send('GET', `/api/scans/${encode(id)}`, undefined, {});
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        await send('GET', `/api/scans/?${qs(params)}`);
        await send('GET', `/api/qr-codes/${qrId}/scans?${qs(params)}`);
        await send('GET', `/api/qr-codes/${qrId}/qr.png?${qs(params)}`);
        await send('GET', `/api/qr-codes/${qrId}/scans?q=${encode(params.q ?? '')}%00`);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to generated locations, profiles and orders', async () => {
    await fc.assert(
      fc.asyncProperty(
        location,
        async (body) => void (await send('PUT', `/api/scans/${scanId}/location`, body, {})),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(profile, async (body) => void (await send('PUT', '/api/profile', body))),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ planType: text }), fc.anything()), async (body) => {
        await send('POST', '/api/payment/create-order', body);
      }),
      { numRuns: RUNS / 3 },
    );
  });

  it('stores only rows that pass their domain schemas', async () => {
    const qrs = (await t.database.db.execute(
      sql`select type, details from qr_codes`,
    )) as unknown as {
      rows: Array<{ type: QrType; details: unknown }>;
    };
    expect(qrs.rows.length).toBeGreaterThan(0);
    for (const row of qrs.rows) {
      const result = qrDetailsSchemaByType[row.type].safeParse(row.details);
      expect(result.success, JSON.stringify(row)).toBe(true);
    }
    const scans = (await t.database.db.execute(
      sql`select latitude, longitude from scans`,
    )) as unknown as {
      rows: Array<{ latitude: number | null; longitude: number | null }>;
    };
    for (const row of scans.rows) {
      if (row.latitude === null) continue;
      expect(Math.abs(row.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(row.longitude ?? 0)).toBeLessThanOrEqual(180);
    }
    const profiles = (await t.database.db.execute(sql`select data from profiles`)) as unknown as {
      rows: Array<{ data: unknown }>;
    };
    for (const row of profiles.rows) {
      expect(profileInputSchema.safeParse(row.data).success, JSON.stringify(row.data)).toBe(true);
    }
  });
});
