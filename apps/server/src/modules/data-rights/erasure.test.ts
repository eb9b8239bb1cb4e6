import {
  CHILD_GUARDIAN_TEXT_VERSION,
  LOCATION_PROMPT_TEXT_VERSION,
} from '@carecode/domain/consents/consent.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { queryRows } from '../../db/rows.ts';
import { createOwner, createQr, scan } from '../scans/scans.test-kit.ts';
import { addMember, createOrganizationFixture } from '../organizations/organizations.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { alertDispatch: 'manual' });
});
afterAll(async () => t.close());

/** Rows of every table whose text holds any of `needles` (the person's id, subject, e-mail). */
async function rowsMentioning(needles: string[]): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [{ count }] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from ${sql.identifier(table)} r
          where ${sql.join(
            needles.map((needle) => sql`position(${needle} in r::text) > 0`),
            sql` or `,
          )}`,
    );
    if (count) found[table] = count;
  }
  return found;
}

describe('DELETE /api/user/me', () => {
  it('takes a member out of an organisation and their address out of its log and invitations', async () => {
    const organization = await createOrganizationFixture(t, 'erase-org');
    const teacher = await createOwner(t, 'erase-org-teacher');
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${organization.id}/invitations`,
      headers: organization.owner.headers,
      payload: { email: 'erase-org-teacher@example.com', role: 'admin' },
    });
    expect(invited.statusCode).toBe(201);
    // A second, still open, invitation to the same address from another organisation.
    const other = await createOrganizationFixture(t, 'erase-org-2', 'Other School');
    await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${other.id}/invitations`,
      headers: other.owner.headers,
      payload: { email: 'erase-org-teacher@example.com', role: 'member' },
    });
    await addMember(t, organization.id, teacher.id, 'member');
    await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: organization.admin.headers,
      payload: {
        type: 'PERSON',
        details: {
          fullName: 'Kept Code',
          emergencyContact: { name: 'R', phoneNumber: '9876543210' },
        },
        organizationId: organization.id,
      },
    });
    const needles = [teacher.id, teacher.subject, 'erase-org-teacher@example.com'];
    expect(Object.keys(await rowsMentioning(needles)).sort()).toEqual(
      expect.arrayContaining([
        'organization_audit',
        'organization_invitations',
        'organization_members',
      ]),
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: teacher.headers,
      payload: { confirmation: 'DELETE' },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsMentioning(needles)).toEqual({});
    // The organisation and its log go on.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${organization.id}/audit`,
      headers: organization.owner.headers,
    });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'qr.created',
      'invitation.created',
    ]);
  });

  it('asks for the typed confirmation', async () => {
    const owner = await createOwner(t, 'erase-unconfirmed');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: owner.headers,
      payload: { confirmation: 'delete please' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.confirmation).toBe('Type DELETE to confirm');
  });

  it('leaves no row of the person, keeps orders detached, refuses the token, frees the QR URLs', async () => {
    const owner = await createOwner(t, 'erase-me');
    const keep = await createOwner(t, 'erase-bystander');
    const qrId = await createQr(t, owner.id);
    const othersQr = await createQr(t, keep.id);
    const { scanId } = await scan(t, qrId);
    await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${scanId}/location`,
      payload: { latitude: 12.97, longitude: 77.59 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/scans/${scanId}/location-consent`,
      payload: { granted: true, textVersion: LOCATION_PROMPT_TEXT_VERSION },
    });
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: {
        type: 'CHILD',
        details: {
          fullName: 'Asha',
          schoolContact: { name: 'Meera', phoneNumber: '9123456780' },
          emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
          medicalDetails: { bloodGroup: 'O_POSITIVE' },
        },
        guardianConsent: { textVersion: CHILD_GUARDIAN_TEXT_VERSION },
      },
    });
    expect(child.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/scans/${scanId}/messages`,
      payload: { text: 'Found it' },
    });
    await scan(t, othersQr);
    await t.app.inject({
      method: 'POST',
      url: `/api/qr-codes/${qrId}/guardians`,
      headers: owner.headers,
      payload: { email: 'erase-guardian@example.com' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: owner.headers,
      payload: {
        endpoint: 'https://push.example.net/erase-me',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: owner.headers,
      payload: { name: 'Asha' },
    });
    await t.app.inject({ method: 'POST', url: '/api/user/verify-email', headers: owner.headers });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-order',
      headers: owner.headers,
      payload: { planType: 'BASIC' },
    });
    await t.app.alerts.dispatcher.runOnce();
    const needles = [owner.id, owner.subject, 'erase-me@example.com', qrId, scanId!];
    expect(Object.keys(await rowsMentioning(needles)).length).toBeGreaterThan(5);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: owner.headers,
      payload: { confirmation: 'DELETE' },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsMentioning(needles)).toEqual({});
    // The order stays for the tax records, with nobody's name on it.
    const [kept] = await queryRows<{ user_id: string | null; amount_paise: number }>(
      t.database.db,
      sql`select user_id, amount_paise from orders
          where merchant_order_id = ${order.json().merchantOrderId}`,
    );
    expect(kept).toEqual({ user_id: null, amount_paise: 24_900 });
    // The same token opens nothing, and does not bring the account back.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: owner.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({
      code: 'ACCOUNT_ERASED',
      message: 'This account has been deleted.',
    });
    expect(await rowsMentioning([owner.subject])).toEqual({});
    // Its QR's scan URL answers the not-found help page; the bystander's data is untouched.
    const scanUrl = await scan(t, qrId);
    expect(scanUrl.res.statusCode).toBe(404);
    expect((await scan(t, othersQr)).res.statusCode).toBe(302);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: keep.headers,
    });
    expect(theirs.statusCode).toBe(200);
  });
});
