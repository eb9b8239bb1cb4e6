import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerAndSignIn, uniqueEmail, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { linkIn, mailTo } from './support/outbox.ts';
import { buyMonthly, ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();
const outbox = path.join(inject('dataDir'), 'outbox');
const run = promisify(execFile);

const TAGS = 30;
/** Small cards: nine to an A4 page (3 × 3), so 30 tags print on 4 pages. */
const SMALL_CARDS_A_PAGE = 9;

/** The newest mail to `to` whose subject matches, waiting up to 15 s for it. */
async function mailMatching(to: string, subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const recipient = mail.to && 'text' in mail.to ? mail.to.text : '';
      if (recipient === to && subject.test(mail.subject ?? '')) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The invitation link (`/invitations/{token}`) in a mail's text, pointed at this server. */
function invitationLinkIn(mail: ParsedMail): string {
  const match = /https?:\/\/[^\s]+\/invitations\/[A-Za-z0-9_-]+/.exec(mail.text ?? '');
  if (!match) throw new Error('no invitation link in the mail');
  return match[0].replace(/^https?:\/\/[^/]+/, baseUrl);
}

/** Serious and critical accessibility problems axe finds on the page. */
async function seriousViolations(target: Page) {
  const results = await new AxeBuilder({ page: target } as unknown as ConstructorParameters<
    typeof AxeBuilder
  >[0]).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

/** Switches the app's language the way the header does, then reloads the page. */
async function speak(page: Page, language: 'en' | 'hi') {
  await page.evaluate((lng) => window.localStorage.setItem('carecode.language', lng), language);
  await page.reload();
}

describe('a school admin and a teacher', () => {
  it('the admin (Business) creates Sunrise School, invites a teacher who registers and accepts, bulk-creates and prints 30 child tags; a scan alerts the teacher', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carecode-school-e2e-'));
    const admin = await newPage(browser, { mobile: true, acceptDownloads: true });
    const teacher = await newPage(browser, { mobile: true });
    try {
      // The admin registers and buys Business in the sandbox.
      await registerAndSignIn(admin, baseUrl);
      await buyMonthly(admin, baseUrl, 'BUSINESS');

      // Dashboard › New organisation › 'Sunrise School': the dashboard switches to it.
      await admin.goto(`${baseUrl}/dashboard`);
      await admin.getByRole('button', { name: 'New organisation' }).click();
      const create = admin.getByRole('dialog', { name: 'New organisation' });
      await create.getByLabel('Organisation name').fill('Sunrise School');
      await create.getByRole('button', { name: 'Create organisation' }).click();
      await admin.waitForURL(/\/dashboard\?org=/);
      const organizationId = new URL(admin.url()).searchParams.get('org')!;
      const switcher = admin.getByRole('navigation', { name: 'Show the codes of' });
      await switcher
        .getByRole('link', { name: 'Sunrise School' })
        .and(admin.locator('[aria-current="page"]'))
        .waitFor();
      await admin
        .getByRole('region', { name: 'Sunrise School' })
        .getByText('Owner', { exact: true })
        .waitFor();
      await admin.getByText('No QR codes created yet').waitFor();

      // The organisation page: invite the teacher as a member.
      await admin.getByRole('link', { name: 'Organisation page' }).click();
      await waitForPath(admin, baseUrl, `/organizations/${organizationId}`);
      const teacherEmail = uniqueEmail('teacher');
      const invite = admin.getByRole('form', { name: 'Invite people' });
      await invite.getByLabel('E-mail address').fill(teacherEmail);
      await invite.getByLabel('Role').selectOption('member');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await admin.getByText(`Invitation sent to ${teacherEmail}.`).waitFor();
      const open = admin.getByRole('region', { name: 'Open invitations' });
      await open.getByText(teacherEmail).waitFor();

      // The teacher opens the mailed link, creates an account and comes back to accept.
      const invitation = await mailTo(
        outbox,
        teacherEmail,
        'You are invited to join Sunrise School on CareCode',
      );
      await teacher.goto(invitationLinkIn(invitation));
      await teacher
        .getByRole('heading', { name: 'Sunrise School invites you to join as member' })
        .waitFor();
      await screenshot(teacher, 'school-invitation-360-en');
      expect(await seriousViolations(teacher)).toEqual([]);
      await teacher.getByRole('button', { name: 'Create an account' }).click();
      await waitForPath(teacher, baseUrl, '/register');
      await teacher.getByLabel('Email', { exact: true }).fill(teacherEmail);
      await teacher.getByLabel('Password', { exact: true }).fill('secret-pass-1');
      await teacher.getByLabel('Confirm Password', { exact: true }).fill('secret-pass-1');
      await teacher.getByRole('button', { name: 'Create Account', exact: true }).click();
      await waitForPath(teacher, baseUrl, invitationLinkIn(invitation).slice(baseUrl.length));
      await teacher.getByRole('button', { name: 'Accept invitation' }).click();
      await teacher.waitForURL(`${baseUrl}/dashboard?org=${organizationId}`);
      await teacher
        .getByRole('region', { name: 'Sunrise School' })
        .getByText('Member', { exact: true })
        .waitFor();
      // Alerts go to confirmed addresses: the teacher confirms theirs.
      const confirmation = await mailTo(
        outbox,
        teacherEmail,
        'Confirm your e-mail address for CareCode',
      );
      await teacher.goto(linkIn(confirmation, '/verify-email', baseUrl));
      await teacher.getByText('Your e-mail address is confirmed.').waitFor();

      // Back on the organisation page the teacher is a member, the invitation gone.
      await admin.reload();
      const members = admin.getByRole('table', { name: 'Members of Sunrise School' });
      await members.getByText(teacherEmail).waitFor();
      await open.getByText('No open invitations.').waitFor();
      await admin
        .getByRole('region', { name: 'Activity' })
        .getByText(`${teacherEmail} joined as member`)
        .waitFor();
      await screenshot(admin, 'school-organization-page-360-en');
      expect(await seriousViolations(admin)).toEqual([]);

      // Bulk create for the organisation, from the kind's template.
      await admin.goto(`${baseUrl}/dashboard?org=${organizationId}`);
      await admin.getByRole('link', { name: 'Bulk create' }).click();
      await admin.getByText('The codes will belong to Sunrise School.').waitFor();
      const template = await download(admin, () =>
        admin.getByRole('button', { name: 'Download CSV template' }).click(),
      );
      const columns = (await readFile(template.path, 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(',');
      const values = (i: number): Record<string, string> => ({
        fullName: `Student ${i + 1}`,
        schoolName: 'Sunrise School',
        'schoolContact.name': 'School office',
        'schoolContact.phoneNumber': '9876543210',
        'emergencyContact.name': `Parent ${i + 1}`,
        'emergencyContact.phoneNumber': '9876543211',
        'medicalDetails.bloodGroup': 'O+',
      });
      const csv = path.join(dir, 'students.csv');
      writeFileSync(
        csv,
        `\uFEFF${[
          columns.join(','),
          ...Array.from({ length: TAGS }, (_, i) =>
            columns.map((column) => values(i)[column] ?? '').join(','),
          ),
        ].join('\r\n')}\r\n`,
      );
      await admin.getByLabel('CSV file').setInputFiles(csv);
      await admin.getByRole('button', { name: 'Upload and create' }).click();
      await admin.getByRole('heading', { name: `${TAGS} QR codes created` }).waitFor();
      const codes = await ownerApi<Array<{ id: string; organizationId: string | null }>>(
        admin,
        'GET',
        `/qr-codes/?organizationId=${organizationId}`,
      );
      expect(codes).toHaveLength(TAGS);
      expect(new Set(codes.map((qr) => qr.organizationId))).toEqual(new Set([organizationId]));

      // The dashboard: select every tag, download the print sheet of small cards.
      await admin.getByRole('link', { name: 'Go to dashboard' }).click();
      await admin.waitForURL(`${baseUrl}/dashboard?org=${organizationId}`);
      await admin.getByRole('link', { name: 'Student 1', exact: true }).waitFor();
      await admin
        .getByRole('region', { name: 'Sunrise School' })
        .getByText(`2 members · ${TAGS} QR codes`)
        .waitFor();
      await screenshot(admin, 'school-dashboard-switch-360-en');
      expect(await seriousViolations(admin)).toEqual([]);
      await admin.getByRole('button', { name: 'Print sheet' }).click();
      await admin.getByRole('button', { name: 'Select all' }).click();
      await admin.getByText(`${TAGS} codes selected`).waitFor();
      await admin.getByLabel('Size').selectOption('small');
      const sheet = await download(admin, () =>
        admin.getByRole('button', { name: `Download PDF (${TAGS} codes)` }).click(),
      );
      expect((await readFile(sheet.path)).subarray(0, 5).toString()).toBe('%PDF-');
      const { stdout } = await run('pdfinfo', [sheet.path]);
      expect(Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1])).toBe(
        Math.ceil(TAGS / SMALL_CARDS_A_PAGE),
      );

      // A stranger scans one tag: the teacher (a member) gets the alert mail.
      const scanned = await fetch(`${baseUrl}/api/qr-codes/${codes[0].id}/scan`, {
        redirect: 'manual',
        headers: { 'user-agent': PHONE_CHROME, 'x-forwarded-for': '203.0.113.77' },
      });
      expect(scanned.status).toBe(302);
      const alert = await mailMatching(teacherEmail, /was scanned$/);
      expect(alert.text).toContain(`/qr-data/${codes[0].id}`);

      // The teacher sees the scan on the organisation's dashboard, and no create buttons.
      await teacher.goto(`${baseUrl}/dashboard?org=${organizationId}`);
      await teacher.getByRole('region', { name: 'Sunrise School' }).waitFor();
      expect(await teacher.getByRole('button', { name: 'Create New QR' }).count()).toBe(0);
      expect(await teacher.getByRole('link', { name: 'Bulk create' }).count()).toBe(0);
      await screenshot(teacher, 'school-dashboard-member-360-en');

      // The tag's page: the teacher reads it and its scan, and cannot change it.
      await teacher.goto(`${baseUrl}/qr-data/${codes[0].id}`);
      await teacher
        .getByText('As a member you see these codes, their scans and alerts', { exact: false })
        .waitFor();
      await teacher.getByRole('link', { name: 'Sunrise School' }).waitFor();
      await teacher.getByRole('region', { name: 'Scan History' }).getByRole('row').nth(1).waitFor();
      for (const name of ['Edit details', 'Delete QR code', 'Mark as lost']) {
        expect(await teacher.getByRole('button', { name }).count()).toBe(0);
      }

      // In Hindi, at 360 px: the organisation page and the dashboard's switch.
      await admin.goto(`${baseUrl}/organizations/${organizationId}`);
      await speak(admin, 'hi');
      await admin.getByRole('table', { name: 'Sunrise School के सदस्य' }).waitFor();
      await screenshot(admin, 'school-organization-page-360-hi');
      await admin.goto(`${baseUrl}/dashboard?org=${organizationId}`);
      await admin.getByRole('navigation', { name: 'इनके कोड दिखाएँ' }).waitFor();
      await admin
        .getByRole('region', { name: 'Sunrise School' })
        .getByText('मालिक', { exact: true })
        .waitFor();
      await screenshot(admin, 'school-dashboard-switch-360-hi');
    } finally {
      for (const page of [admin, teacher]) await page.context().close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
