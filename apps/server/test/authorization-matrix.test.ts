import { LOCATION_PROMPT_TEXT_VERSION } from '@carecode/domain/consents/consent.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveredByOrganizationMatrix } from './organization-routes.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * One table over every registered route × every kind of caller, with the exact expected status.
 * It enumerates the app's routes and fails when a route has no row. HEAD is answered by the GET
 * handler of the same route, so each GET row covers its HEAD too. Organisation routes, whose
 * callers differ by role, have their own table (organization-matrix.test.ts).
 */

const identities = [
  'owner',
  'otherOwner',
  'anonymous',
  'expiredToken',
  'foreignKeyToken',
  'algNoneToken',
  'otherAudienceToken',
] as const;
type Identity = (typeof identities)[number];

interface Fixture {
  qrId: string;
  /** A second QR of the owner, for the DELETE row. */
  spareQrId: string;
  scanId: string;
  merchantOrderId: string;
  publicId: string;
  guardianId: string;
  conversationId: string;
}

interface Row {
  method: string;
  /** The route as registered (Fastify's pattern). */
  route: string;
  /** The concrete request. */
  url: (f: Fixture) => string;
  /** The body, or a body per caller (a limit per e-mail address must not mix callers up). */
  payload?: unknown;
  contentType?: string;
  /** owner: a bearer-token route; public: tokens play no part; provider: the OpenID provider. */
  kind: 'owner' | 'public' | 'provider';
  /** Status for the owner (and, for public rows, for everyone). */
  expected: number;
  /** Status for another signed-in owner (owner rows): 404 for someone else's id. */
  otherOwner?: number;
}

const person = {
  type: 'PERSON',
  details: { fullName: 'Asha Rao', emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' } },
};

const device = {
  endpoint: 'https://push.example.net/send/matrix-device',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

const rows: Row[] = [
  { method: 'GET', route: '/api/health', url: () => '/api/health', kind: 'public', expected: 200 },
  { method: 'GET', route: '/api/ready', url: () => '/api/ready', kind: 'public', expected: 200 },
  { method: 'GET', route: '/api/config', url: () => '/api/config', kind: 'public', expected: 200 },
  {
    method: 'GET',
    route: '/api/user/me',
    url: () => '/api/user/me',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'POST',
    route: '/api/user/verify-email',
    url: () => '/api/user/verify-email',
    kind: 'owner',
    expected: 204,
    otherOwner: 204,
  },
  {
    method: 'POST',
    route: '/api/user/verify-email/confirm',
    url: () => '/api/user/verify-email/confirm',
    payload: { token: 'A'.repeat(22) },
    kind: 'public',
    expected: 400,
  },
  {
    method: 'POST',
    route: '/api/user/password-reset',
    url: () => '/api/user/password-reset',
    payload: (identity: Identity) => ({ email: `nobody-${identity}@example.com` }),
    kind: 'public',
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/user/password-reset/confirm',
    url: () => '/api/user/password-reset/confirm',
    payload: {
      token: 'A'.repeat(22),
      password: 'brand-new-pass-1',
      confirmPassword: 'brand-new-pass-1',
    },
    kind: 'public',
    expected: 400,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/',
    url: () => '/api/qr-codes/',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id',
    url: (f) => `/api/qr-codes/${f.qrId}`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id',
    url: (f) => `/api/qr-codes/${f.qrId}`,
    payload: person,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/qr.svg',
    url: (f) => `/api/qr-codes/${f.qrId}/qr.svg`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/qr.png',
    url: (f) => `/api/qr-codes/${f.qrId}/qr.png?size=256`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/bulk/template',
    url: () => '/api/qr-codes/bulk/template?type=CHILD',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    // A file whose one row has a bad phone: past the sign-in check, refused for every owner
    // alike whatever codes the other rows created (so the plan limit plays no part).
    method: 'POST',
    route: '/api/qr-codes/bulk',
    url: () => '/api/qr-codes/bulk?type=LUGGAGE',
    payload:
      'description,ownerContact.name,ownerContact.phoneNumber,emergencyContact.name,emergencyContact.phoneNumber\nBag,Asha,123,Ravi,9876543210\n',
    contentType: 'text/csv',
    kind: 'owner',
    expected: 400,
    otherOwner: 400,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/sheet.pdf',
    url: (f) => `/api/qr-codes/sheet.pdf?ids=${f.qrId}&size=small`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'POST',
    route: '/api/qr-codes/sheet.pdf',
    url: () => '/api/qr-codes/sheet.pdf',
    payload: (_caller: Identity, f: Fixture) => ({ ids: [f.qrId], size: 'small' }),
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:qrId/scans',
    url: (f) => `/api/qr-codes/${f.qrId}/scans`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/scans/',
    url: () => '/api/scans/',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/scans/events',
    url: () => '/api/scans/events',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/scan',
    url: (f) => `/api/qr-codes/${f.qrId}/scan`,
    kind: 'public',
    expected: 302,
  },
  {
    method: 'GET',
    route: '/api/scans/:scanId',
    url: (f) => `/api/scans/${f.scanId}`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'PUT',
    route: '/api/scans/:scanId/location',
    url: (f) => `/api/scans/${f.scanId}/location`,
    payload: { latitude: 12.97, longitude: 77.59 },
    kind: 'public',
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/scans/:scanId/location-consent',
    url: (f) => `/api/scans/${f.scanId}/location-consent`,
    payload: { granted: true, textVersion: LOCATION_PROMPT_TEXT_VERSION },
    kind: 'public',
    expected: 204,
  },
  {
    method: 'POST',
    route: '/api/scans/:scanId/calls',
    url: (f) => `/api/scans/${f.scanId}/calls`,
    payload: { contact: 'emergencyContact', phoneNumber: '9876543210' },
    kind: 'public',
    // The fixture's numbers are shown: there is nothing to bridge.
    expected: 409,
  },
  {
    method: 'GET',
    route: '/api/scans/:scanId/calls',
    url: (f) => `/api/scans/${f.scanId}/calls`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/calls/:callId/status',
    url: () => `/api/calls/unknown-call/status?token=${'A'.repeat(22)}`,
    payload: { CallSid: 'x', Status: 'completed' },
    kind: 'public',
    expected: 404,
  },
  {
    method: 'GET',
    route: '/api/scans/:scanId/events',
    url: (f) => `/api/scans/${f.scanId}/events`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/scans/:scanId/messages',
    url: (f) => `/api/scans/${f.scanId}/messages`,
    payload: { text: 'Found it at the gate.' },
    kind: 'public',
    expected: 201,
  },
  {
    method: 'GET',
    route: '/api/scans/:scanId/messages',
    url: (f) => `/api/scans/${f.scanId}/messages`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'GET',
    route: '/api/scans/:scanId/messages/:messageId/photo',
    url: (f) => `/api/scans/${f.scanId}/messages/no-such-message/photo`,
    kind: 'public',
    expected: 404,
  },
  {
    method: 'GET',
    route: '/api/conversations',
    url: () => '/api/conversations',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'POST',
    route: '/api/conversations/:id/messages',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    payload: { text: 'Thank you!' },
    kind: 'owner',
    expected: 201,
    otherOwner: 404,
  },
  {
    method: 'PUT',
    route: '/api/conversations/:id/block',
    url: (f) => `/api/conversations/${f.conversationId}/block`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'DELETE',
    route: '/api/conversations/:id/block',
    url: (f) => `/api/conversations/${f.conversationId}/block`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/conversations/:id/messages/:messageId/photo',
    url: (f) => `/api/conversations/${f.conversationId}/messages/no-such-message/photo`,
    kind: 'owner',
    expected: 404,
    otherOwner: 404,
  },
  {
    method: 'DELETE',
    route: '/api/scans/:scanId/location',
    url: (f) => `/api/scans/${f.scanId}/location`,
    kind: 'owner',
    expected: 204,
    otherOwner: 404,
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/private',
    url: (f) => `/api/qr-codes/${f.qrId}/private`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/public',
    url: (f) => `/api/qr-codes/${f.qrId}/public`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  // Before the POST row: deleting the spare QR makes room for it on the Free plan.
  {
    method: 'DELETE',
    route: '/api/qr-codes/:id',
    url: (f) => `/api/qr-codes/${f.spareQrId}`,
    kind: 'owner',
    expected: 204,
    otherOwner: 404,
  },
  {
    method: 'POST',
    route: '/api/qr-codes/',
    url: () => '/api/qr-codes/',
    payload: person,
    kind: 'owner',
    expected: 201,
    otherOwner: 201,
  },
  {
    method: 'POST',
    route: '/api/payment/create-order',
    url: () => '/api/payment/create-order',
    payload: { planType: 'BASIC' },
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/payment/fetch-order-status/:merchantOrderId',
    url: (f) => `/api/payment/fetch-order-status/${f.merchantOrderId}`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/user/orders',
    url: () => '/api/user/orders',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/payment/sandbox/checkout/:merchantOrderId',
    url: (f) => `/api/payment/sandbox/checkout/${f.merchantOrderId}`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/payment/sandbox/checkout/:merchantOrderId/:action',
    url: (f) => `/api/payment/sandbox/checkout/${f.merchantOrderId}/cancel`,
    contentType: 'application/x-www-form-urlencoded',
    payload: '',
    kind: 'public',
    expected: 303,
  },
  {
    method: 'GET',
    route: '/api/payment/sandbox/checkout-*.css',
    url: () => '',
    kind: 'public',
    expected: 200,
  },
  // The webhook takes PhonePe's signature, never a bearer token.
  {
    method: 'POST',
    route: '/api/payment/webhook',
    url: () => '/api/payment/webhook',
    payload: { event: 'checkout.order.completed', payload: {} },
    kind: 'public',
    expected: 401,
  },
  {
    method: 'GET',
    route: '/api/profile',
    url: () => '/api/profile',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'PUT',
    route: '/api/profile',
    url: () => '/api/profile',
    payload: { name: 'Asha' },
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/profiles/:publicId',
    url: (f) => `/api/profiles/${f.publicId}`,
    kind: 'public',
    expected: 200,
  },
  {
    method: 'POST',
    route: '/api/push-subscriptions',
    url: () => '/api/push-subscriptions',
    payload: device,
    kind: 'owner',
    expected: 201,
    otherOwner: 201,
  },
  {
    method: 'DELETE',
    route: '/api/push-subscriptions',
    url: () => '/api/push-subscriptions',
    payload: { endpoint: device.endpoint },
    kind: 'owner',
    expected: 204,
    otherOwner: 204,
  },
  // Erasing is proved in erasure.test.ts: here a wrong confirmation (the owner must stay).
  {
    method: 'DELETE',
    route: '/api/user/me',
    url: () => '/api/user/me',
    payload: { confirmation: 'no' },
    kind: 'owner',
    expected: 400,
    otherOwner: 400,
  },
  {
    method: 'GET',
    route: '/api/user/export',
    url: () => '/api/user/export',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/user/export/scans.csv',
    url: () => '/api/user/export/scans.csv',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  // The owner is on the Free plan: analytics answers ANALYTICS_PLAN (403); another owner asking
  // for the owner's code gets 404 first, whatever their plan.
  {
    method: 'GET',
    route: '/api/analytics',
    url: (f) => `/api/analytics?from=2026-01-01&to=2026-01-31&qrId=${f.qrId}`,
    kind: 'owner',
    expected: 403,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/analytics/scans.csv',
    url: (f) => `/api/analytics/scans.csv?from=2026-01-01&to=2026-01-31&qrId=${f.qrId}`,
    kind: 'owner',
    expected: 403,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/user/alert-preferences',
    url: () => '/api/user/alert-preferences',
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'PUT',
    route: '/api/user/alert-preferences',
    url: () => '/api/user/alert-preferences',
    payload: { push: true, email: true, quietHours: { start: '22:00', end: '07:00' } },
    kind: 'owner',
    expected: 200,
    otherOwner: 200,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/alert-preferences',
    url: (f) => `/api/qr-codes/${f.qrId}/alert-preferences`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/alert-preferences',
    url: (f) => `/api/qr-codes/${f.qrId}/alert-preferences`,
    payload: { push: true, email: false },
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'GET',
    route: '/api/qr-codes/:id/guardians',
    url: (f) => `/api/qr-codes/${f.qrId}/guardians`,
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'POST',
    route: '/api/qr-codes/:id/guardians',
    url: (f) => `/api/qr-codes/${f.qrId}/guardians`,
    payload: (identity: Identity) => ({ email: `guardian-${identity}@example.com` }),
    kind: 'owner',
    expected: 403,
    otherOwner: 404,
  },
  {
    method: 'DELETE',
    route: '/api/qr-codes/:id/guardians/:guardianId',
    url: (f) => `/api/qr-codes/${f.qrId}/guardians/${f.guardianId}`,
    kind: 'owner',
    expected: 204,
    otherOwner: 404,
  },
  {
    method: 'POST',
    route: '/api/guardians/confirm',
    url: () => '/api/guardians/confirm',
    payload: { token: 'A'.repeat(22) },
    kind: 'public',
    expected: 400,
  },
  {
    method: 'POST',
    route: '/api/alerts/unsubscribe',
    url: () => '/api/alerts/unsubscribe',
    payload: { token: 'g.unknown.AAAAAAAAAAAAAAAAAAAAAA' },
    kind: 'public',
    expected: 400,
  },
  {
    method: 'PUT',
    route: '/api/qr-codes/:id/lost',
    url: (f) => `/api/qr-codes/${f.qrId}/lost`,
    payload: { message: 'Please call me.' },
    kind: 'owner',
    expected: 200,
    otherOwner: 404,
  },
  {
    method: 'DELETE',
    route: '/api/qr-codes/:id/lost',
    url: (f) => `/api/qr-codes/${f.qrId}/lost`,
    kind: 'owner',
    expected: 204,
    otherOwner: 404,
  },
  // The provider's own protocol endpoints and its sign-in screens' API: no bearer tokens.
  {
    method: '*',
    route: '/oidc',
    url: () => '/oidc/.well-known/openid-configuration',
    kind: 'provider',
    expected: 200,
  },
  { method: '*', route: '/oidc/*', url: () => '/oidc/jwks', kind: 'provider', expected: 200 },
  {
    method: 'GET',
    route: '/oidc/interaction/:uid',
    url: () => '/oidc/interaction/unknown-uid',
    kind: 'provider',
    expected: 303,
  },
  {
    method: 'GET',
    route: '/oidc/interaction/:uid/details',
    url: () => '/oidc/interaction/unknown-uid/details',
    kind: 'provider',
    expected: -1,
  },
  {
    method: 'POST',
    route: '/oidc/interaction/:uid/login',
    url: () => '/oidc/interaction/unknown-uid/login',
    payload: { email: 'a@example.com', password: 'secret1' },
    kind: 'provider',
    expected: -1,
  },
  {
    method: 'POST',
    route: '/oidc/interaction/:uid/register',
    url: () => '/oidc/interaction/unknown-uid/register',
    payload: { email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' },
    kind: 'provider',
    expected: -1,
  },
];

const rowFor = (method: string, url: string) =>
  rows.find((row) => {
    const methodMatches =
      row.method === '*' || row.method === method || (method === 'HEAD' && row.method === 'GET');
    const pattern = new RegExp(`^${row.route.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    return (
      methodMatches &&
      (row.route === url ||
        (row.route.includes('*') && pattern.test(url) && !rows.some((r) => r.route === url)))
    );
  });

let t: TestApp;
let fixture: Fixture;
let cssUrl: string;
const headersFor = new Map<Identity, Record<string, string>>();

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await t.authHeaders({ subject: 'matrix-owner' });
  const otherToken = await t.tokenFor({ subject: 'matrix-other' });
  const token = await t.tokenFor({ subject: 'matrix-owner' });
  const [header, payload] = token.split('.');
  const unsigned = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), alg: 'none' }),
  ).toString('base64url');
  headersFor.set('owner', owner);
  headersFor.set('otherOwner', { authorization: `Bearer ${otherToken}` });
  headersFor.set('anonymous', {});
  headersFor.set('expiredToken', await t.authHeaders({ subject: 'matrix-owner', expiresIn: -60 }));
  headersFor.set(
    'foreignKeyToken',
    await t.authHeaders({ subject: 'matrix-owner', foreignKey: true }),
  );
  headersFor.set('algNoneToken', { authorization: `Bearer ${unsigned}.${payload}.` });
  headersFor.set(
    'otherAudienceToken',
    await t.authHeaders({ subject: 'matrix-owner', audience: 'https://elsewhere.example/api' }),
  );

  const qr = await t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: owner,
    payload: person,
  });
  const spare = await t.app.inject({
    method: 'POST',
    url: '/api/qr-codes/',
    headers: owner,
    payload: person,
  });
  const scan = await t.app.inject({
    method: 'GET',
    url: `/api/qr-codes/${qr.json().id}/scan`,
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' },
  });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-order',
    headers: owner,
    payload: { planType: 'BASIC' },
  });
  const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: owner });
  // The Free plan's one guardian place of the QR: its POST row answers the limit (403).
  const guardian = await t.app.inject({
    method: 'POST',
    url: `/api/qr-codes/${qr.json().id}/guardians`,
    headers: owner,
    payload: { email: 'matrix-guardian@example.com' },
  });
  const scanId = String(scan.headers.location).split('/scans/')[1];
  // A finder's message opens the scan's conversation.
  await t.app.inject({
    method: 'POST',
    url: `/api/scans/${scanId}/messages`,
    payload: { text: 'Found your bag.' },
  });
  const conversations = await t.app.inject({
    method: 'GET',
    url: '/api/conversations',
    headers: owner,
  });
  fixture = {
    qrId: qr.json().id,
    spareQrId: spare.json().id,
    scanId,
    conversationId: conversations.json().items[0].id,
    merchantOrderId: order.json().merchantOrderId,
    publicId: profile.json().publicId,
    guardianId: guardian.json().id,
  };
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/payment/sandbox/checkout/${fixture.merchantOrderId}`,
  });
  cssUrl = page.body.match(/href="([^"]*checkout-[0-9a-f]+\.css)"/)?.[1] ?? '';
  cssUrl = cssUrl.replace(/^https?:\/\/[^/]+/, '');
});

afterAll(async () => t.close());

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const missing = t.app.routeTable
      .filter(
        (route) => !coveredByOrganizationMatrix(route.url) && !rowFor(route.method, route.url),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(fixture.scanId).toBeTruthy();
    expect(fixture.merchantOrderId).toBeTruthy();
    expect(fixture.publicId).toBeTruthy();
    expect(cssUrl).toMatch(/^\/api\/payment\/sandbox\/checkout-[0-9a-f]+\.css$/);
  });

  for (const row of rows) {
    it(`${row.method} ${row.route}`, async () => {
      const statuses: Partial<Record<Identity, number>> = {};
      for (const identity of identities) {
        const url = row.route.endsWith('.css') ? cssUrl : row.url(fixture);
        const method = (row.method === '*' ? 'GET' : row.method) as 'GET';
        const headers = {
          ...headersFor.get(identity),
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
        } as Record<string, string>;
        if (row.contentType) headers['content-type'] = row.contentType;
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: (typeof row.payload === 'function'
            ? (row.payload as (caller: Identity, f: Fixture) => unknown)(identity, fixture)
            : row.payload) as string,
          payloadAsStream: row.route.endsWith('/events'),
        });
        statuses[identity] = res.statusCode;
        if (row.route.endsWith('/events')) res.stream().destroy();
      }
      if (row.kind === 'owner') {
        expect(statuses).toEqual({
          owner: row.expected,
          otherOwner: row.otherOwner,
          anonymous: 401,
          expiredToken: 401,
          foreignKeyToken: 401,
          algNoneToken: 401,
          otherAudienceToken: 401,
        });
      } else if (row.expected === -1) {
        // An unknown sign-in interaction: refused the same way whoever asks, never a server error.
        const values = Object.values(statuses);
        expect(new Set(values).size).toBe(1);
        expect(values[0]).toBeGreaterThanOrEqual(400);
        expect(values[0]).toBeLessThan(500);
      } else {
        expect(statuses).toEqual(
          Object.fromEntries(identities.map((identity) => [identity, row.expected])),
        );
      }
    });
  }
});
