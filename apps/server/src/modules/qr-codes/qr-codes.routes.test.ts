import { qrCodeSchema, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { qrCodes, scans } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createUsersRepository } from '../users/users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const contact = { name: 'Ravi Kumar', phoneNumber: '9876543210' };
const validDetails: Record<QrType, Record<string, unknown>> = {
  CHILD: {
    fullName: 'Asha',
    schoolName: 'DPS Noida',
    schoolContact: { name: 'Meera', phoneNumber: '9123456780' },
    emergencyContact: contact,
    medicalDetails: { bloodGroup: 'O_POSITIVE', allergies: 'Peanuts' },
  },
  PERSON: { fullName: 'Asha Rao', emergencyContact: contact },
  VEHICLE: {
    numberPlate: 'KA01AB1234',
    modelDescription: 'Red Swift',
    ownerContact: contact,
    emergencyContact: contact,
  },
  LUGGAGE: { description: 'Blue suitcase', ownerContact: contact, emergencyContact: contact },
  LOCKSCREEN: {
    deviceName: 'Pixel 8',
    ownerContact: contact,
    emergencyContact: contact,
    medicalDetails: { bloodGroup: 'A+' },
  },
};
const qrTypes = Object.keys(validDetails) as QrType[];

let subjectCounter = 0;
/** A fresh owner: headers plus the user's database id (created by a first call). */
async function newOwner() {
  const subject = `qr-owner-${++subjectCounter}-${Date.now()}`;
  const headers = await t.authHeaders({ subject });
  const res = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
  expect(res.statusCode).toBe(200);
  const user = await createUsersRepository(t.database.db).findBySubject(subject);
  return { headers, userId: user!.id };
}

async function createQr(
  headers: Record<string, string>,
  type: QrType = 'PERSON',
  details: Record<string, unknown> = validDetails[type],
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers,
    payload: { type, details },
  });
}

describe('POST /api/qr-codes/', () => {
  it.each(qrTypes)(
    'creates a %s QR: ASSIGNED, public, no scans, owner-only fields hidden',
    async (type) => {
      const { headers } = await newOwner();
      const res = await createQr(headers, type);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(qrCodeSchema.safeParse(body).success).toBe(true);
      expect(body).toMatchObject({
        type,
        status: 'ASSIGNED',
        public: true,
        scanCount: 0,
        hideNumbers: false,
        organizationId: null,
        role: 'owner',
      });
      expect(Object.keys(body).sort()).toEqual(
        [
          'beyondPlanLimit',
          'createdAt',
          'details',
          'hideNumbers',
          'id',
          'lost',
          'organizationId',
          'public',
          'role',
          'scanCount',
          'status',
          'type',
          'updatedAt',
        ].sort(),
      );
    },
  );

  it('stores the details as validated: trimmed, blood group label mapped', async () => {
    const { headers } = await newOwner();
    const res = await createQr(headers, 'LOCKSCREEN', {
      ...validDetails.LOCKSCREEN,
      deviceName: '  Pixel 8  ',
      medicalDetails: { bloodGroup: "Don't Know" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().details.deviceName).toBe('Pixel 8');
    expect(res.json().details.medicalDetails).toEqual({ bloodGroup: 'DONT_KNOW' });
  });

  it('gives random, URL-safe ids of at least 128 bits', async () => {
    const { headers } = await newOwner();
    const ids = [
      (await createQr(headers)).json().id as string,
      (await createQr(headers)).json().id as string,
    ];
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(id, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers 401 without a token, even with a bad body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'SIGN_IN_REQUIRED',
      message: 'Please sign in to continue.',
    });
  });

  it('answers 401 for a token signed by an unknown key', async () => {
    const headers = await t.authHeaders({ foreignKey: true });
    const res = await createQr(headers);
    expect(res.statusCode).toBe(401);
  });

  it("answers 400 with the spec's messages per field", async () => {
    const { headers } = await newOwner();
    const res = await createQr(headers, 'CHILD', {
      fullName: 'x'.repeat(21),
      schoolName: 'y'.repeat(31),
      schoolContact: { name: '', phoneNumber: '12345' },
      emergencyContact: { name: 'Ravi', phoneNumber: '' },
      medicalDetails: { bloodGroup: 'O_POSITIVE', allergies: 'z'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().fields).toEqual({
      'details.fullName': 'This field must be between 1 and 20 characters',
      'details.schoolName': 'School name must be at most 30 characters',
      'details.schoolContact.name': 'Required',
      'details.schoolContact.phoneNumber': 'Phone number must be 10 digits',
      'details.emergencyContact.phoneNumber': 'Required',
      'details.medicalDetails.allergies': 'This field must be between 0 and 100 characters',
    });
  });

  it.each([
    [
      'VEHICLE',
      { numberPlate: 'KA1' },
      'details.numberPlate',
      'This field must be between 4 and 15 characters',
    ],
    [
      'VEHICLE',
      { modelDescription: 'm'.repeat(21) },
      'details.modelDescription',
      'This field must be between 1 and 20 characters',
    ],
    [
      'LUGGAGE',
      { description: 'd'.repeat(31) },
      'details.description',
      'This field must be between 1 and 30 characters',
    ],
    ['LOCKSCREEN', { deviceName: '' }, 'details.deviceName', 'Required'],
    [
      'PERSON',
      { emergencyContact: { name: 'Ravi', phoneNumber: '98765432100' } },
      'details.emergencyContact.phoneNumber',
      'Phone number must be 10 digits',
    ],
  ] as const)('rejects bad %s details %j at %s with %s', async (type, change, field, message) => {
    const { headers } = await newOwner();
    const res = await createQr(headers, type, { ...validDetails[type], ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
  });

  it('rejects unknown fields at the top and inside details', async () => {
    const { headers } = await newOwner();
    const top = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers,
      payload: { type: 'PERSON', details: validDetails.PERSON, status: 'DISABLED' },
    });
    expect(top.statusCode).toBe(400);
    expect(Object.keys(top.json().fields)).toEqual(['status']);
    const inner = await createQr(headers, 'PERSON', { ...validDetails.PERSON, ownerId: 'x' });
    expect(inner.statusCode).toBe(400);
    expect(Object.keys(inner.json().fields)).toEqual(['details.ownerId']);
    const list = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    expect(list.json()).toEqual([]);
  });

  it("rejects a missing type with 'Required' and an unknown one with 'Invalid value'", async () => {
    const { headers } = await newOwner();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers,
      payload: { details: validDetails.PERSON },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ type: 'Required' });
    const unknown = await createQr(headers, 'PET' as QrType, validDetails.PERSON);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ type: 'Invalid value' });
  });

  it('rejects a body that is not JSON', async () => {
    const { headers } = await newOwner();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.stringContaining('JSON'));
  });
});

describe('plan limits (spec §9)', () => {
  it('refuses the 3rd QR on Free with 403 naming the limit and the pricing page', async () => {
    const { headers } = await newOwner();
    expect((await createQr(headers)).statusCode).toBe(201);
    expect((await createQr(headers, 'VEHICLE')).statusCode).toBe(201);
    const third = await createQr(headers, 'LUGGAGE');
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({
      code: 'PLAN_QR_LIMIT',
      message:
        'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
      params: { plan: 'FREE', limit: 2 },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    expect(list.json()).toHaveLength(2);
  });

  it('takes the plan from the user record: Basic creates 10 and is refused the 11th', async () => {
    const { headers, userId } = await newOwner();
    await createUsersRepository(t.database.db).setPlan(userId, 'BASIC');
    for (let i = 0; i < 10; i++) expect((await createQr(headers)).statusCode).toBe(201);
    const eleventh = await createQr(headers);
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().message).toBe(
      'Your Basic plan allows up to 10 QR codes. Upgrade on the Pricing page to create more.',
    );
  });

  it('counts each owner separately', async () => {
    const first = await newOwner();
    const second = await newOwner();
    await createQr(first.headers);
    await createQr(first.headers);
    expect((await createQr(second.headers)).statusCode).toBe(201);
  });

  it('lets only 2 of 5 simultaneous creates through on Free', async () => {
    const { headers } = await newOwner();
    const results = await Promise.all(Array.from({ length: 5 }, () => createQr(headers)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403]);
    const list = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    expect(list.json()).toHaveLength(2);
  });

  it('Business has no limit', async () => {
    const { headers, userId } = await newOwner();
    await createUsersRepository(t.database.db).setPlan(userId, 'BUSINESS');
    for (let i = 0; i < 16; i++) expect((await createQr(headers)).statusCode).toBe(201);
  });
});

describe('GET /api/qr-codes/ and /api/qr-codes/{id}', () => {
  it("lists only the owner's QRs, newest first", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const a = (await createQr(owner.headers, 'PERSON')).json();
    const b = (await createQr(owner.headers, 'VEHICLE')).json();
    await createQr(other.headers, 'LUGGAGE');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((qr: { id: string }) => qr.id)).toEqual([b.id, a.id]);
  });

  it('answers an empty list for a new owner', async () => {
    const { headers } = await newOwner();
    const res = await t.app.inject({ method: 'GET', url: '/api/qr-codes', headers });
    expect(res.json()).toEqual([]);
  });

  it('answers one QR to its owner', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers, 'CHILD')).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${created.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it("answers another owner's QR with 404, exactly like a missing one", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const created = (await createQr(owner.headers)).json();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${created.id}`,
      headers: other.headers,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${newId()}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
    expect(missing.json()).toEqual(theirs.json());
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/qr-codes/', `/api/qr-codes/${newId()}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 401 for an expired token', async () => {
    const headers = await t.authHeaders({ expiresIn: -60 });
    const res = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('scanCount: scans of this calendar month in Asia/Kolkata', () => {
  const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
  /** The first instant of this month in Asia/Kolkata (UTC+5:30 all year). */
  function monthStartKolkata(now = new Date()): Date {
    const ist = new Date(now.getTime() + IST_OFFSET_MS);
    return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS);
  }

  async function insertScan(qrId: string, ownerId: string, scannedAt: Date) {
    await t.database.db.insert(scans).values({
      id: newId(),
      qrId,
      ownerId,
      scannedAt,
      deviceInfo: { browser: 'Test' },
      expiresAt: new Date(scannedAt.getTime() + 180_000),
    });
  }

  it('counts from the first instant of the month in Kolkata, per QR', async () => {
    const { headers, userId } = await newOwner();
    const qr = (await createQr(headers)).json();
    const otherQr = (await createQr(headers, 'VEHICLE')).json();
    const start = monthStartKolkata();
    await insertScan(qr.id, userId, start); // counts: the month's first instant
    await insertScan(qr.id, userId, new Date()); // counts
    await insertScan(qr.id, userId, new Date(start.getTime() - 1000)); // last month
    await insertScan(qr.id, userId, new Date(start.getTime() - 40 * 86_400_000)); // older
    await insertScan(otherQr.id, userId, new Date()); // another QR

    const one = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${qr.id}`, headers });
    expect(one.json().scanCount).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    const counts = Object.fromEntries(
      list.json().map((q: { id: string; scanCount: number }) => [q.id, q.scanCount]),
    );
    expect(counts).toEqual({ [qr.id]: 2, [otherQr.id]: 1 });
  });
});

describe('PUT /api/qr-codes/{id}', () => {
  it('replaces the details and answers the QR with a later updatedAt', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers, 'VEHICLE')).json();
    const details = { ...validDetails.VEHICLE, modelDescription: 'Blue Baleno' };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}`,
      headers,
      payload: { type: 'VEHICLE', details },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, type: 'VEHICLE', details, public: true });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${created.id}`,
      headers,
    });
    expect(again.json().details.modelDescription).toBe('Blue Baleno');
  });

  it('drops an optional medical block that is not sent', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers, 'LOCKSCREEN')).json();
    expect(created.details.medicalDetails).toEqual({ bloodGroup: 'A_POSITIVE' });
    const { medicalDetails: _dropped, ...withoutMedical } = validDetails.LOCKSCREEN;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}`,
      headers,
      payload: { type: 'LOCKSCREEN', details: withoutMedical },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().details).not.toHaveProperty('medicalDetails');
  });

  it('refuses to change the type with 400', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers, 'PERSON')).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}`,
      headers,
      payload: { type: 'LUGGAGE', details: validDetails.LUGGAGE },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'QR_TYPE_CHANGE',
      message: 'The type of a QR code cannot be changed.',
      fields: { type: 'The type of a QR code cannot be changed.' },
    });
    const stored = await t.database.db.select().from(qrCodes).where(eq(qrCodes.id, created.id));
    expect(stored[0].type).toBe('PERSON');
  });

  it('answers 400 with field messages for bad details, and changes nothing', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers, 'PERSON')).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}`,
      headers,
      payload: { type: 'PERSON', details: { ...validDetails.PERSON, fullName: '' }, id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ 'details.fullName': 'Required' });
    expect(Object.keys(res.json().fields)).toContain('id');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${created.id}`,
      headers,
    });
    expect(again.json().details).toEqual(created.details);
  });

  it("answers 404 for another owner's QR and changes nothing", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const created = (await createQr(owner.headers)).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}`,
      headers: other.headers,
      payload: { type: 'PERSON', details: { ...validDetails.PERSON, fullName: 'Intruder' } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${created.id}`,
      headers: owner.headers,
    });
    expect(again.json().details.fullName).toBe('Asha Rao');
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${newId()}`,
      payload: { type: 'PERSON', details: validDetails.PERSON },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/qr-codes/{id}/public and /private', () => {
  it('toggles visibility and answers the QR', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers)).json();
    const priv = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}/private`,
      headers,
    });
    expect(priv.statusCode).toBe(200);
    expect(priv.json()).toMatchObject({ id: created.id, public: false, details: created.details });
    const list = await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers });
    expect(list.json()[0].public).toBe(false);
    const pub = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}/public`,
      headers,
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().public).toBe(true);
  });

  it('is idempotent', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers)).json();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${created.id}/public`,
        headers,
      });
      expect(res.json().public).toBe(true);
    }
  });

  it('accepts an empty JSON object and rejects any field in the body', async () => {
    const { headers } = await newOwner();
    const created = (await createQr(headers)).json();
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}/private`,
      headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(200);
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/qr-codes/${created.id}/public`,
      headers,
      payload: { ownerId: 'someone' },
    });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().fields)).toEqual(['ownerId']);
  });

  it("answers 404 for another owner's QR or a missing one, and 401 without a token", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const created = (await createQr(owner.headers)).json();
    for (const action of ['public', 'private']) {
      const theirs = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${created.id}/${action}`,
        headers: other.headers,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
      const missing = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${newId()}/${action}`,
        headers: other.headers,
      });
      expect(missing.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: `/api/qr-codes/${created.id}/${action}`,
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${created.id}`,
      headers: owner.headers,
    });
    expect(again.json().public).toBe(true);
  });
});
