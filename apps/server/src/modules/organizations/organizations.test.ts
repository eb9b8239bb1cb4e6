import { readFileSync } from 'node:fs';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startPushEndpoint, type PushEndpoint } from '../../../test/push-endpoint.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { organizationInvitations, qrCodes, users } from '../../db/schema/index.ts';
import { createOwner, personDetails, scan, type Owner } from '../scans/scans.test-kit.ts';
import { eq, sql } from 'drizzle-orm';

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

const api = (
  who: Owner | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), ...headers },
    payload: payload as string,
  });

const mailsTo = (address: string) =>
  smtp.mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));

/** The invitation link's token in a mail. */
const tokenIn = (mail: ParsedMail) =>
  String(mail.text).match(/http:\/\/localhost:8080\/invitations\/([\w-]+)/)?.[1] ?? '';

let counter = 0;
async function school(name = 'Sunrise School') {
  counter += 1;
  const owner = await createOwner(t, `org-${counter}-owner`, 'BUSINESS');
  const res = await api(owner, 'POST', '/api/organizations', { name });
  expect(res.statusCode).toBe(201);
  return { owner, organization: res.json() as { id: string; name: string } };
}

/** Invites an address and accepts with that person's account, through the mailed link. */
async function join(organizationId: string, admin: Owner, person: Owner, role: 'admin' | 'member') {
  const email = `${person.subject}@example.com`;
  const before = smtp.mails.length;
  const invited = await api(admin, 'POST', `/api/organizations/${organizationId}/invitations`, {
    email,
    role,
  });
  expect(invited.statusCode).toBe(201);
  const mail = await smtp.nth(before + 1);
  const accepted = await api(person, 'POST', `/api/invitations/${tokenIn(mail)}/accept`);
  expect(accepted.statusCode).toBe(200);
}

describe('organisations', () => {
  it('belong to the Business plan: other plans get ORGANIZATION_PLAN with the plan named', async () => {
    for (const plan of [undefined, 'BASIC', 'PREMIUM'] as const) {
      const person = await createOwner(t, `org-plan-${plan ?? 'FREE'}`, plan);
      const res = await api(person, 'POST', '/api/organizations', { name: 'Hotel Desk' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'ORGANIZATION_PLAN',
        message: 'Organisations need the Business plan. Upgrade on the Pricing page.',
        params: { plan: plan ?? 'FREE' },
      });
    }
  });

  it('validates the name with field messages and keeps nothing', async () => {
    const owner = await createOwner(t, 'org-validation', 'BUSINESS');
    for (const [body, field, message] of [
      [{}, 'name', 'Required'],
      [{ name: ' ' }, 'name', 'Required'],
      [{ name: 'A' }, 'name', 'This field must be between 2 and 80 characters'],
      [{ name: 'x'.repeat(81) }, 'name', 'This field must be between 2 and 80 characters'],
      [{ name: 'Good', extra: 1 }, 'extra', 'Unknown field'],
    ] as const) {
      const res = await api(owner, 'POST', '/api/organizations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
    }
    const list = await api(owner, 'GET', '/api/organizations');
    expect(list.json()).toEqual([]);
  });

  it('are created with their owner as first member and listed with role and counts', async () => {
    const { owner, organization } = await school('  Sunrise School  ');
    expect(organization).toMatchObject({
      name: 'Sunrise School',
      role: 'owner',
      brandColor: null,
      logoUrl: null,
      memberCount: 1,
      qrCount: 0,
    });
    expect(organization.id).toMatch(/^[\w-]{22}$/);
    const detail = await api(owner, 'GET', `/api/organizations/${organization.id}`);
    expect(detail.json()).toMatchObject({
      members: [{ userId: owner.id, email: `${owner.subject}@example.com`, role: 'owner' }],
      invitations: [],
    });
  });
});

describe('invitations', () => {
  it('mail a link that an existing account accepts, once', async () => {
    const { owner, organization } = await school();
    const teacher = await createOwner(t, 'org-teacher-existing');
    const before = smtp.mails.length;
    const res = await api(
      owner,
      'POST',
      `/api/organizations/${organization.id}/invitations`,
      { email: ' ORG-Teacher-Existing@Example.com ', role: 'MEMBER' },
      { 'accept-language': 'en-IN' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'org-teacher-existing@example.com', role: 'member' });
    // Open a week.
    const { createdAt, expiresAt } = res.json();
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 5_000,
    );

    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('You are invited to join Sunrise School on CareCode');
    expect(mail.text).toContain(
      `${owner.subject}@example.com invited you to join Sunrise School as a member.`,
    );
    const token = tokenIn(mail);
    expect(token).toMatch(/^[\w-]{22}$/);
    // Only the hash of the link is kept.
    const stored = await t.database.db.select().from(organizationInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await api(null, 'GET', `/api/invitations/${token}`);
    expect(preview.json()).toMatchObject({
      organizationName: 'Sunrise School',
      email: 'org-teacher-existing@example.com',
      role: 'member',
      state: 'open',
    });

    const accepted = await api(teacher, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: organization.id, role: 'member', memberCount: 2 });

    // Used: the link is closed for anyone else, and says so.
    const stranger = await createOwner(t, 'org-link-stranger');
    const again = await api(stranger, 'POST', `/api/invitations/${token}/accept`);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      'This invitation has expired, was withdrawn or was already used. Ask the organisation for a new one.',
    );
    expect((await api(null, 'GET', `/api/invitations/${token}`)).json().state).toBe('accepted');
  });

  it('is in the inviter’s language, and works for an account made after it was sent', async () => {
    const { owner, organization } = await school('सूर्योदय विद्यालय');
    const before = smtp.mails.length;
    await api(
      owner,
      'POST',
      `/api/organizations/${organization.id}/invitations`,
      { email: 'org-new-teacher@example.com', role: 'admin' },
      { 'accept-language': 'hi-IN,hi;q=0.9' },
    );
    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('आपको CareCode पर सूर्योदय विद्यालय से जुड़ने का निमंत्रण है');
    expect(mail.text).toContain('एडमिन के रूप में जुड़ने का निमंत्रण दिया है');
    // The person registers only now.
    const newcomer = await createOwner(t, 'org-new-teacher');
    const accepted = await api(newcomer, 'POST', `/api/invitations/${tokenIn(mail)}/accept`);
    expect(accepted.json()).toMatchObject({ role: 'admin' });
  });

  it('renewing an invitation closes the old link; withdrawn and expired links are closed', async () => {
    const { owner, organization } = await school();
    const invite = async () => {
      const before = smtp.mails.length;
      const res = await api(owner, 'POST', `/api/organizations/${organization.id}/invitations`, {
        email: 'org-renewed@example.com',
        role: 'member',
      });
      return { res, token: tokenIn(await smtp.nth(before + 1)) };
    };
    const first = await invite();
    const second = await invite();
    expect((await api(null, 'GET', `/api/invitations/${first.token}`)).json().state).toBe(
      'revoked',
    );
    const detail = await api(owner, 'GET', `/api/organizations/${organization.id}`);
    expect(detail.json().invitations).toHaveLength(1);

    const withdrawn = await api(
      owner,
      'DELETE',
      `/api/organizations/${organization.id}/invitations/${second.res.json().id}`,
    );
    expect(withdrawn.statusCode).toBe(204);
    expect((await api(null, 'GET', `/api/invitations/${second.token}`)).json().state).toBe(
      'revoked',
    );
    const person = await createOwner(t, 'org-renewed');
    expect((await api(person, 'POST', `/api/invitations/${second.token}/accept`)).statusCode).toBe(
      410,
    );

    const third = await invite();
    await t.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.id, third.res.json().id));
    expect((await api(null, 'GET', `/api/invitations/${third.token}`)).json().state).toBe(
      'expired',
    );
    expect((await api(person, 'POST', `/api/invitations/${third.token}/accept`)).statusCode).toBe(
      410,
    );
    expect((await api(null, 'GET', '/api/invitations/not-a-real-token')).statusCode).toBe(404);
  });

  it('checks the address and role, and refuses someone already in', async () => {
    const { owner, organization } = await school();
    const url = `/api/organizations/${organization.id}/invitations`;
    const bad = await api(owner, 'POST', url, { email: 'not-an-address', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      email: 'Enter a valid e-mail address',
      role: 'Invalid value',
    });
    const self = await api(owner, 'POST', url, {
      email: `${owner.subject}@example.com`,
      role: 'admin',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('ALREADY_MEMBER');
  });
});

describe('members and their codes', () => {
  it('members see the codes and their scans but cannot change them; admins can', async () => {
    const { owner, organization } = await school();
    const admin = await createOwner(t, 'org-codes-admin');
    const member = await createOwner(t, 'org-codes-member');
    await join(organization.id, owner, admin, 'admin');
    await join(organization.id, owner, member, 'member');

    const created = await api(admin, 'POST', '/api/qr-codes/', {
      type: 'PERSON',
      details: personDetails('Class 5 Bag'),
      organizationId: organization.id,
    });
    expect(created.statusCode).toBe(201);
    const qr = created.json();
    expect(qr).toMatchObject({ organizationId: organization.id, role: 'admin' });
    // The organisation's code is its owner's (their plan's limits), not in anyone's personal list.
    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.id, qr.id));
    expect(row.ownerId).toBe(owner.id);
    expect((await api(admin, 'GET', '/api/qr-codes/')).json()).toEqual([]);
    expect((await api(owner, 'GET', '/api/qr-codes/')).json()).toEqual([]);

    const listed = await api(member, 'GET', `/api/qr-codes/?organizationId=${organization.id}`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: qr.id, role: 'member' })]);

    const denied = await api(member, 'PUT', `/api/qr-codes/${qr.id}`, {
      type: 'PERSON',
      details: personDetails('Renamed'),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only an admin of this organisation can do this.');
    expect(
      (
        await api(member, 'POST', '/api/qr-codes/', {
          type: 'PERSON',
          details: personDetails('Mine'),
          organizationId: organization.id,
        })
      ).statusCode,
    ).toBe(403);

    const scanned = await scan(t, qr.id);
    expect(scanned.res.statusCode).toBe(302);
    const history = await api(member, 'GET', `/api/qr-codes/${qr.id}/scans`);
    expect(history.json()).toMatchObject({ total: 1, items: [{ qrId: qr.id }] });
    const all = await api(member, 'GET', `/api/scans/?organizationId=${organization.id}`);
    expect(all.json()).toMatchObject({ total: 1 });

    const updated = await api(admin, 'PUT', `/api/qr-codes/${qr.id}`, {
      type: 'PERSON',
      details: personDetails('Class 6 Bag'),
    });
    expect(updated.statusCode).toBe(200);

    // Someone removed loses the codes at once.
    expect(
      (await api(admin, 'DELETE', `/api/organizations/${organization.id}/members/${member.id}`))
        .statusCode,
    ).toBe(204);
    expect((await api(member, 'GET', `/api/qr-codes/${qr.id}`)).statusCode).toBe(404);
    expect((await api(member, 'GET', `/api/qr-codes/${qr.id}/scans`)).statusCode).toBe(404);
  });

  it('members other than the owner get the scan alerts, by their own settings', async () => {
    const { owner, organization } = await school();
    const teacher = await createOwner(t, 'org-alert-teacher');
    const quiet = await createOwner(t, 'org-alert-quiet');
    await join(organization.id, owner, teacher, 'member');
    await join(organization.id, owner, quiet, 'member');
    await t.database.db.execute(sql`update users set alert_email = false where id = ${quiet.id}`);
    const device = push.subscribe(teacher.subject);
    expect((await api(teacher, 'POST', '/api/push-subscriptions', device)).statusCode).toBe(201);

    const created = await api(owner, 'POST', '/api/qr-codes/', {
      type: 'PERSON',
      details: personDetails('Riya Sharma'),
      organizationId: organization.id,
    });
    smtp.mails.length = 0;
    push.clear();
    expect((await scan(t, created.json().id)).res.statusCode).toBe(302);
    await t.app.alerts.dispatcher.runOnce();

    expect(mailsTo(`${owner.subject}@example.com`)).toHaveLength(1);
    const [mail] = mailsTo(`${teacher.subject}@example.com`);
    expect(mail.subject).toBe('Riya Sharma was scanned');
    // The member's one-click way out stops their own mails, not the owner's.
    const link = String(mail.text).match(/alerts\/unsubscribe\?token=(m\.[\w.-]+)/)?.[1];
    expect(link).toBeTruthy();
    expect(mailsTo(`${quiet.subject}@example.com`)).toHaveLength(0);
    expect(push.received.filter((m) => m.endpoint === device.endpoint)).toHaveLength(1);

    const stop = await api(null, 'POST', '/api/alerts/unsubscribe', { token: link });
    expect(stop.statusCode).toBe(200);
    const emailAlertsOf = async (id: string) => {
      const [row] = await t.database.db
        .select({ on: users.alertEmail })
        .from(users)
        .where(eq(users.id, id));
      return row.on;
    };
    expect(await emailAlertsOf(teacher.id)).toBe(false);
    expect(await emailAlertsOf(owner.id)).toBe(true);
  });

  it('roles change, members leave, the owner stays, and deleting keeps the codes as the owner’s', async () => {
    const { owner, organization } = await school();
    const teacher = await createOwner(t, 'org-role-teacher');
    await join(organization.id, owner, teacher, 'member');
    const base = `/api/organizations/${organization.id}`;

    const promoted = await api(owner, 'PATCH', `${base}/members/${teacher.id}`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ userId: teacher.id, role: 'admin' });
    const owned = await api(teacher, 'PATCH', `${base}/members/${owner.id}`, { role: 'member' });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().message).toBe(
      'The owner cannot leave or be removed from their organisation.',
    );
    expect((await api(owner, 'DELETE', `${base}/members/${owner.id}`)).statusCode).toBe(409);
    expect((await api(teacher, 'DELETE', base)).json().code).toBe('ORGANIZATION_OWNER_ONLY');
    expect((await api(owner, 'DELETE', `${base}/members/nobody`)).statusCode).toBe(404);

    const created = await api(teacher, 'POST', '/api/qr-codes/', {
      type: 'PERSON',
      details: personDetails('Library Card'),
      organizationId: organization.id,
    });
    expect((await api(teacher, 'DELETE', `${base}/members/${teacher.id}`)).statusCode).toBe(204);
    expect((await api(teacher, 'GET', '/api/organizations')).json()).toEqual([]);

    expect((await api(owner, 'DELETE', base)).statusCode).toBe(204);
    const personal = await api(owner, 'GET', '/api/qr-codes/');
    expect(personal.json()).toEqual([
      expect.objectContaining({ id: created.json().id, organizationId: null, role: 'owner' }),
    ]);
  });
});

describe('the audit log', () => {
  it('tells who changed what, newest first, page by page, for admins only', async () => {
    const { owner, organization } = await school();
    const admin = await createOwner(t, 'org-audit-admin');
    const member = await createOwner(t, 'org-audit-member');
    await join(organization.id, owner, admin, 'admin');
    await join(organization.id, admin, member, 'member');
    const qr = (
      await api(admin, 'POST', '/api/qr-codes/', {
        type: 'PERSON',
        details: personDetails('Audit Bag'),
        organizationId: organization.id,
      })
    ).json();
    await api(admin, 'PUT', `/api/qr-codes/${qr.id}/private`);
    await api(owner, 'PATCH', `/api/organizations/${organization.id}`, {
      brandColor: '#1d4ed8',
    });
    await api(admin, 'DELETE', `/api/qr-codes/${qr.id}`);

    const url = `/api/organizations/${organization.id}/audit`;
    const page = await api(owner, 'GET', `${url}?limit=3`);
    expect(page.statusCode).toBe(200);
    const { entries, nextBefore } = page.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'qr.deleted',
      'organization.updated',
      'qr.made_private',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { userId: admin.id, email: `${admin.subject}@example.com` },
      target: qr.id,
    });
    expect(entries[1].data).toEqual({ brandColor: '#1D4ED8' });
    const rest = (await api(owner, 'GET', `${url}?before=${nextBefore}`)).json();
    expect(rest.entries.map((e: { action: string }) => e.action)).toEqual([
      'qr.created',
      'member.joined',
      'invitation.created',
      'member.joined',
      'invitation.created',
      'organization.created',
    ]);
    expect(rest.entries[1]).toMatchObject({
      target: `${member.subject}@example.com`,
      data: { role: 'member' },
    });
    expect(rest.nextBefore).toBeNull();
    expect((await api(member, 'GET', url)).statusCode).toBe(403);
    expect((await api(owner, 'GET', `${url}?limit=0`)).statusCode).toBe(400);
  });
});
