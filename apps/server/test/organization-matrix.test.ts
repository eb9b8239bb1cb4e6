import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes, organizationInvitations, organizations, scans } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/one-time-token.ts';
import { createOrganizationFixture } from '../src/modules/organizations/organizations.test-kit.ts';
import { createOwner, personDetails, type Owner } from '../src/modules/scans/scans.test-kit.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { coveredByOrganizationMatrix } from './organization-routes.ts';

/**
 * Every organisation route, and every code route on an organisation's code, × every kind of
 * caller: the organisation's owner, an admin, a member, an outsider (a Business owner of their
 * own) and anonymous, with the exact status. Each request runs against a fresh organisation, so
 * one caller's change (a removal, a deletion) never decides the next one's answer. It fails when
 * an organisation route has no row.
 */

const callers = ['owner', 'admin', 'member', 'outsider', 'anonymous'] as const;
type Caller = (typeof callers)[number];

interface World {
  organizationId: string;
  qrId: string;
  invitationId: string;
  token: string;
  people: Record<Exclude<Caller, 'anonymous'>, Owner>;
}

interface Row {
  /** Tells apart rows of one route. */
  note?: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  url: (w: World) => string;
  payload?: unknown;
  contentType?: string;
  expected: Record<Caller, number>;
}

const person = { type: 'PERSON', details: personDetails('Matrix Person') };
const luggageCsv =
  'description,ownerContact.name,ownerContact.phoneNumber,emergencyContact.name,emergencyContact.phoneNumber\nBlue suitcase,Asha,9876543210,Ravi,9876543211\n';

const statuses = (
  owner: number,
  admin: number,
  member: number,
  outsider: number,
  anonymous = 401,
) => ({
  owner,
  admin,
  member,
  outsider,
  anonymous,
});

/** A multipart form carrying a small PNG as `logo` (made in beforeAll). */
const LOGO_BOUNDARY = 'matrix-logo-boundary';
let logoPng: Buffer;
const logoForm = () =>
  Buffer.concat([
    Buffer.from(
      `--${LOGO_BOUNDARY}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    logoPng,
    Buffer.from(`\r\n--${LOGO_BOUNDARY}--\r\n`),
  ]);

const rows: Row[] = [
  {
    method: 'POST',
    route: '/api/organizations',
    url: () => '/api/organizations',
    payload: { name: 'Matrix School' },
    // The admin and the member are on the Free plan: organisations need Business.
    expected: statuses(201, 403, 403, 201),
  },
  {
    method: 'GET',
    route: '/api/organizations',
    url: () => '/api/organizations',
    expected: statuses(200, 200, 200, 200),
  },
  {
    method: 'GET',
    route: '/api/organizations/:id',
    url: (w) => `/api/organizations/${w.organizationId}`,
    expected: statuses(200, 200, 200, 404),
  },
  {
    method: 'PATCH',
    route: '/api/organizations/:id',
    url: (w) => `/api/organizations/${w.organizationId}`,
    payload: { name: 'Renamed School', brandColor: '#1D4ED8' },
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id',
    url: (w) => `/api/organizations/${w.organizationId}`,
    expected: statuses(204, 403, 403, 404),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/invitations',
    url: (w) => `/api/organizations/${w.organizationId}/invitations`,
    payload: { email: 'new.teacher@example.com', role: 'member' },
    expected: statuses(201, 201, 403, 404),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id/invitations/:invitationId',
    url: (w) => `/api/organizations/${w.organizationId}/invitations/${w.invitationId}`,
    expected: statuses(204, 204, 403, 404),
  },
  {
    method: 'PATCH',
    route: '/api/organizations/:id/members/:userId',
    url: (w) => `/api/organizations/${w.organizationId}/members/${w.people.member.id}`,
    payload: { role: 'admin' },
    expected: statuses(200, 200, 403, 404),
  },
  {
    // The admin removing themself is leaving.
    note: 'the admin',
    method: 'DELETE',
    route: '/api/organizations/:id/members/:userId',
    url: (w) => `/api/organizations/${w.organizationId}/members/${w.people.admin.id}`,
    expected: statuses(204, 204, 403, 404),
  },
  {
    // The owner stays: nobody removes them, and they cannot leave.
    note: 'the owner',
    method: 'DELETE',
    route: '/api/organizations/:id/members/:userId',
    url: (w) => `/api/organizations/${w.organizationId}/members/${w.people.owner.id}`,
    expected: statuses(409, 409, 403, 404),
  },
  {
    // A member may leave.
    note: 'a member',
    method: 'DELETE',
    route: '/api/organizations/:id/members/:userId',
    url: (w) => `/api/organizations/${w.organizationId}/members/${w.people.member.id}`,
    expected: statuses(204, 204, 204, 404),
  },
  {
    method: 'GET',
    route: '/api/organizations/:id/audit',
    url: (w) => `/api/organizations/${w.organizationId}/audit`,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'GET',
    route: '/api/invitations/:token',
    url: (w) => `/api/invitations/${w.token}`,
    expected: statuses(200, 200, 200, 200, 200),
  },
  {
    method: 'POST',
    route: '/api/invitations/:token/accept',
    url: (w) => `/api/invitations/${w.token}/accept`,
    expected: statuses(409, 409, 409, 200),
  },
  // The logo: set and removed by admins, read by anyone (the scan pages show it).
  {
    method: 'PUT',
    route: '/api/organizations/:id/logo',
    url: (w) => `/api/organizations/${w.organizationId}/logo`,
    payload: () => logoForm(),
    contentType: `multipart/form-data; boundary=${LOGO_BOUNDARY}`,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'GET',
    route: '/api/organizations/:id/logo',
    url: (w) => `/api/organizations/${w.organizationId}/logo`,
    expected: statuses(200, 200, 200, 200, 200),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id/logo',
    url: (w) => `/api/organizations/${w.organizationId}/logo`,
    expected: statuses(204, 204, 403, 404),
  },
  // The organisation's code through the code routes.
  {
    method: 'POST',
    route: '/api/qr-codes/',
    url: () => '/api/qr-codes/',
    payload: (w: World) => ({ ...person, organizationId: w.organizationId }),
    expected: statuses(201, 201, 403, 404),
  },
  {
    method: 'GET',
    route: '/api/qr-codes/',
    url: (w) => `/api/qr-codes/?organizationId=${w.organizationId}`,
    expected: statuses(200, 200, 200, 404),
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id',
    url: (w) => `/api/qr-codes/${w.qrId}`,
    expected: statuses(200, 200, 200, 404),
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id',
    url: (w) => `/api/qr-codes/${w.qrId}`,
    payload: person,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'DELETE',
    route: '/api/qr-codes/:id',
    url: (w) => `/api/qr-codes/${w.qrId}`,
    expected: statuses(204, 204, 403, 404),
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/private',
    url: (w) => `/api/qr-codes/${w.qrId}/private`,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/public',
    url: (w) => `/api/qr-codes/${w.qrId}/public`,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:qrId/scans',
    url: (w) => `/api/qr-codes/${w.qrId}/scans`,
    expected: statuses(200, 200, 200, 404),
  },
  {
    method: 'GET',
    route: '/api/scans/',
    url: (w) => `/api/scans/?organizationId=${w.organizationId}`,
    expected: statuses(200, 200, 200, 404),
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/qr.svg',
    url: (w) => `/api/qr-codes/${w.qrId}/qr.svg`,
    expected: statuses(200, 200, 200, 404),
  },
  // Its alerts, guardians and lost mode: changed by the owner and admins, not by members.
  {
    method: 'GET',
    route: '/api/qr-codes/:id/alert-preferences',
    url: (w) => `/api/qr-codes/${w.qrId}/alert-preferences`,
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/alert-preferences',
    url: (w) => `/api/qr-codes/${w.qrId}/alert-preferences`,
    payload: { push: true, email: false },
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'POST',
    route: '/api/qr-codes/:id/guardians',
    url: (w) => `/api/qr-codes/${w.qrId}/guardians`,
    payload: { email: 'grandparent@example.com' },
    expected: statuses(201, 201, 403, 404),
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/lost',
    url: (w) => `/api/qr-codes/${w.qrId}/lost`,
    payload: { message: 'Please call the school office.' },
    expected: statuses(200, 200, 403, 404),
  },
  {
    method: 'DELETE',
    route: '/api/qr-codes/:id/lost',
    url: (w) => `/api/qr-codes/${w.qrId}/lost`,
    expected: statuses(204, 204, 403, 404),
  },
  {
    method: 'POST',
    route: '/api/qr-codes/bulk',
    url: (w) => `/api/qr-codes/bulk?type=LUGGAGE&organizationId=${w.organizationId}`,
    payload: luggageCsv,
    contentType: 'text/csv',
    expected: statuses(201, 201, 403, 404),
  },
  {
    method: 'GET',
    route: '/api/qr-codes/sheet.pdf',
    url: (w) => `/api/qr-codes/sheet.pdf?ids=${w.qrId}`,
    expected: statuses(200, 200, 200, 404),
  },
];

let t: TestApp;
let people: World['people'];

/**
 * A fresh organisation with the same four people, a logo, one code with a scan, one open
 * invitation.
 */
async function freshWorld(): Promise<World> {
  const fixture = await createOrganizationFixture(t, 'matrix');
  const db = t.database.db;
  await db
    .update(organizations)
    .set({ logo: logoPng, logoType: 'image/png', logoUpdatedAt: new Date() })
    .where(eq(organizations.id, fixture.id));
  const qrId = newId();
  await db.insert(qrCodes).values({
    id: qrId,
    ownerId: fixture.owner.id,
    organizationId: fixture.id,
    type: 'PERSON',
    details: personDetails('Matrix Child'),
  });
  await db.insert(scans).values({
    id: newId(),
    qrId,
    ownerId: fixture.owner.id,
    deviceInfo: { deviceType: 'mobile', os: 'Android', browser: 'Chrome' },
    expiresAt: new Date(Date.now() + 600_000),
  });
  const token = `matrix-${newId()}`;
  const invitationId = newId();
  await db.insert(organizationInvitations).values({
    id: invitationId,
    organizationId: fixture.id,
    email: `invitee-${invitationId}@example.com`,
    role: 'member',
    tokenHash: hashToken(token),
    invitedBy: fixture.owner.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { organizationId: fixture.id, qrId, invitationId, token, people };
}

beforeAll(async () => {
  t = await buildTestApp();
  logoPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const first = await createOrganizationFixture(t, 'matrix');
  people = {
    owner: first.owner,
    admin: first.admin,
    member: first.member,
    outsider: first.outsider,
  };
  // Each fresh organisation has the same four people (the same subjects).
  expect((await createOwner(t, 'matrix-admin')).id).toBe(first.admin.id);
});

afterAll(async () => t.close());

const rowFor = (method: string, url: string) =>
  rows.find(
    (row) =>
      row.route === url && (row.method === method || (method === 'HEAD' && row.method === 'GET')),
  );

describe('organisation authorization matrix', () => {
  it('has a row for every organisation route', () => {
    const missing = t.app.routeTable
      .filter((route) => coveredByOrganizationMatrix(route.url) && !rowFor(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  for (const row of rows) {
    it(`${row.method} ${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
      const seen: Partial<Record<Caller, number>> = {};
      for (const caller of callers) {
        const world = await freshWorld();
        const headers: Record<string, string> =
          caller === 'anonymous' ? {} : { ...world.people[caller].headers };
        if (row.contentType) headers['content-type'] = row.contentType;
        const payload =
          typeof row.payload === 'function'
            ? (row.payload as (w: World) => unknown)(world)
            : row.payload;
        const res = await t.app.inject({
          method: row.method,
          url: row.url(world),
          headers,
          payload: payload as string,
        });
        seen[caller] = res.statusCode;
      }
      expect(seen).toEqual(row.expected);
    });
  }
});
