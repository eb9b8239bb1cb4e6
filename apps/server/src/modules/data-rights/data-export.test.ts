import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createOwner, createQr, scan, type Owner } from '../scans/scans.test-kit.ts';
import { createOrganizationFixture } from '../organizations/organizations.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { alertDispatch: 'manual' });
});
afterAll(async () => t.close());

/** An owner with a bit of everything: a QR, a located scan, a guardian, a device, an order. */
async function busyOwner(subject: string) {
  const owner = await createOwner(t, subject);
  const qrId = await createQr(t, owner.id, { fullName: `${subject} name` });
  const { scanId } = await scan(t, qrId);
  await t.app.inject({
    method: 'PUT',
    url: `/api/scans/${scanId}/location`,
    payload: { latitude: 12.9716, longitude: 77.5946 },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/scans/${scanId}/messages`,
    payload: { text: `${subject} found it` },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/qr-codes/${qrId}/guardians`,
    headers: owner.headers,
    payload: { email: `${subject}-guardian@example.com` },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: owner.headers,
    payload: {
      endpoint: `https://push.example.net/${subject}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
  });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-order',
    headers: owner.headers,
    payload: { planType: 'BASIC' },
  });
  return { owner, qrId, scanId: scanId!, merchantOrderId: order.json().merchantOrderId as string };
}

const exportOf = async (owner: Owner) =>
  t.app.inject({ method: 'GET', url: '/api/user/export', headers: owner.headers });

describe('GET /api/user/export', () => {
  it('holds everything the account owns, and nothing of anyone else', async () => {
    const mine = await busyOwner('exporter');
    const theirs = await busyOwner('bystander');
    const res = await exportOf(mine.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="carecode-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ id: mine.owner.id, email: 'exporter@example.com' });
    expect(data.qrCodes.map((qr: { id: string }) => qr.id)).toEqual([mine.qrId]);
    expect(data.qrCodes[0].details.fullName).toBe('exporter name');
    expect(data.scans).toEqual([
      expect.objectContaining({ id: mine.scanId, latitude: 12.9716, longitude: 77.5946 }),
    ]);
    expect(data.guardians).toEqual([
      expect.objectContaining({ email: 'exporter-guardian@example.com' }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({ merchant_order_id: mine.merchantOrderId, amount_paise: 24_900 }),
    ]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        scan_id: mine.scanId,
        messages: [expect.objectContaining({ sender: 'scanner', text: 'exporter found it' })],
      }),
    ]);
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example.net/exporter' }),
    ]);

    const text = res.body;
    for (const foreign of [
      theirs.owner.id,
      theirs.qrId,
      theirs.scanId,
      theirs.merchantOrderId,
      'bystander',
    ]) {
      expect(text).not.toContain(foreign);
    }
    // No secret that opens the account or a device.
    for (const secret of ['password', 'token_hash', 'p256dh', '"auth"']) {
      expect(text).not.toContain(secret);
    }
  });

  it('holds the organisations the person belongs to and what they did in them', async () => {
    const organization = await createOrganizationFixture(t, 'export-org', 'Export School');
    await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${organization.id}/invitations`,
      headers: organization.admin.headers,
      payload: { email: 'export-guest@example.com', role: 'member' },
    });
    const data = (await exportOf(organization.admin)).json();
    expect(data.organizations).toEqual([
      expect.objectContaining({ id: organization.id, name: 'Export School', role: 'admin' }),
    ]);
    expect(data.organizationActions).toEqual([
      expect.objectContaining({
        organization_id: organization.id,
        action: 'invitation.created',
        target: 'export-guest@example.com',
      }),
    ]);
  });

  it('answers 401 without a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(res.statusCode).toBe(401);
  });
});
