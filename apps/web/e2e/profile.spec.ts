import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, submitSignIn, waitForPath, type TestAccount } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';

/** The earlier profile flow: /profile signed out and in, editing, the profile QR, /u/{publicId}. */
const { baseUrl, browser } = useJourney();
let page: Page;
let account: TestAccount;
let publicUrl: string;

beforeAll(async () => {
  page = await newPage(browser);
  account = await registerAndSignIn(page, baseUrl);
});
const row = (target: Page, label: string) =>
  target
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

async function seriousViolations(target: Page) {
  const results = await new AxeBuilder({ page: target } as unknown as ConstructorParameters<
    typeof AxeBuilder
  >[0]).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
}

describe('profile flow', () => {
  it('signed out: asks to log in; Back to Home goes home', async () => {
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl}/profile`);
    await visitor.getByText('Please log in to view your profile.').waitFor();
    expect(await visitor.getByRole('button', { name: 'Go to Login' }).isVisible()).toBe(true);
    await visitor.getByRole('link', { name: 'Back to Home' }).click();
    await waitForPath(visitor, baseUrl, '/');
    await visitor.context().close();
  });

  it('shows an empty profile with the account e-mail and "Not specified"', async () => {
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Personal Information' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('heading', { name: 'Medical Information' }).isVisible()).toBe(true);
    expect(await row(page, 'Email').innerText()).toBe(account.email);
    expect(await row(page, 'Name').innerText()).toBe('Not specified');
    expect(await row(page, 'Full Name').innerText()).toBe('Not specified');
    expect(await row(page, 'Blood Group').innerText()).toBe('Not specified');
    expect(await row(page, 'Allergies').innerText()).toBe('None specified');
    expect(await row(page, 'Emergency Contact').innerText()).toBe('Not specified');
    expect(await page.getByRole('heading', { name: 'Your Profile QR Code' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Scan this QR code to view your public profile').isVisible()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-empty-en-desktop');
  });

  it('edits the profile: a wrong phone is refused, Save Changes stores it, Cancel discards', async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Asha');
    await page.getByLabel('Full Name', { exact: true }).fill('Asha Verma');
    await page.getByLabel('Blood Group').selectOption({ label: 'O+' });
    await page.getByLabel('Allergies').fill('Penicillin');
    await page.getByLabel('Emergency Name').fill('Ravi Verma');
    await page.getByLabel('Emergency Phone').fill('987654321');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Phone number must be 10 digits').waitFor();
    expect(await page.getByLabel('Emergency Phone').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-edit-error-en-desktop');

    await page.getByLabel('Emergency Phone').fill('9876543210');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated.').waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await row(page, 'Name').innerText()).toBe('Asha');
    expect(await row(page, 'Full Name').innerText()).toBe('Asha Verma');
    expect(await row(page, 'Blood Group').innerText()).toBe('O+');
    expect(await row(page, 'Allergies').innerText()).toBe('Penicillin');
    expect(await row(page, 'Emergency Contact').innerText()).toContain('Ravi Verma');
    expect(await row(page, 'Emergency Contact').innerText()).toContain('9876543210');

    // Saved on the server: a reload shows the same.
    await page.reload();
    await row(page, 'Full Name').getByText('Asha Verma').waitFor();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(page, 'Name').innerText()).toBe('Asha');
    await screenshot(page, 'profile-filled-en-desktop');
  });

  it('the profile QR points to /u/{publicId} and downloads as carecode-profile-qr.png', async () => {
    const qr = page.getByTestId('profile-qr');
    publicUrl = (await qr.getAttribute('data-value')) ?? '';
    expect(publicUrl).toMatch(new RegExp(`^${baseUrl}/u/[A-Za-z0-9_-]{22}$`));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download QR Code' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('carecode-profile-qr.png');
    const png = PNG.sync.read(readFileSync(await download.path()));
    expect(png.width).toBeGreaterThanOrEqual(512);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(publicUrl);
  });

  it('the public profile shows the public fields read-only, never the e-mail', async () => {
    const visitor = await newPage(browser, { mobile: true });
    await visitor.goto(publicUrl);
    await visitor.getByRole('heading', { name: 'Asha Verma', level: 1 }).waitFor();
    expect(await row(visitor, 'Name').innerText()).toBe('Asha');
    expect(await row(visitor, 'Blood Group').innerText()).toBe('O+');
    expect(await row(visitor, 'Allergies').innerText()).toBe('Penicillin');
    const call = visitor.getByRole('link', { name: 'Call Ravi Verma on 9876543210' });
    expect(await call.getAttribute('href')).toBe('tel:9876543210');
    expect(await visitor.getByText(account.email).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    expect(await visitor.locator('input, select, textarea').count()).toBe(0);
    // India's emergency numbers, including 108.
    const numbers = await visitor
      .locator('a[href^="tel:1"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(numbers).toEqual(
      ['112', '100', '102', '108', '1033', '1091', '1098', '101', '1078'].map((n) => `tel:${n}`),
    );
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await seriousViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'profile-public-en-360');
    await visitor.context().close();
  });

  it('the public profile speaks Hindi, and an unknown id says the profile was not found', async () => {
    const visitor = await newPage(browser, { locale: 'hi-IN' });
    await visitor.goto(publicUrl);
    await visitor.getByRole('heading', { name: 'चिकित्सा जानकारी' }).waitFor();
    expect(await visitor.getByText('आपातकालीन नंबर (भारत)').isVisible()).toBe(true);
    await screenshot(visitor, 'profile-public-hi-desktop');
    await visitor.goto(`${baseUrl}/u/AAAAAAAAAAAAAAAAAAAAAA`);
    await visitor.getByRole('heading', { name: 'प्रोफ़ाइल नहीं मिली।' }).waitFor();
    await visitor.context().close();
  });

  it('Go to Login signs in and returns to /profile', async () => {
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl}/profile`);
    await visitor.getByRole('button', { name: 'Go to Login' }).click();
    await waitForPath(visitor, baseUrl, '/login');
    await submitSignIn(visitor, account);
    await waitForPath(visitor, baseUrl, '/profile');
    await row(visitor, 'Full Name').getByText('Asha Verma').waitFor();
    await visitor.context().close();
  });

  it('works in Hindi at 360 px', async () => {
    const mobile = await newPage(browser, { mobile: true, locale: 'hi-IN' });
    await mobile.goto(`${baseUrl}/profile`);
    await mobile.getByRole('button', { name: 'लॉगिन पर जाएँ' }).click();
    await waitForPath(mobile, baseUrl, '/login');
    // The sign-in form follows the browser language; its labels are the auth feature's.
    await mobile.locator('input[type="email"]').fill(account.email);
    await mobile.locator('input[type="password"]').fill(account.password);
    await mobile.locator('form button[type="submit"]').click();
    await waitForPath(mobile, baseUrl, '/profile');
    await mobile.getByRole('heading', { name: 'मेरी प्रोफ़ाइल' }).waitFor();
    expect(await mobile.getByText('आपका प्रोफ़ाइल QR कोड').isVisible()).toBe(true);
    await mobile.getByRole('button', { name: 'प्रोफ़ाइल संपादित करें' }).click();
    await mobile.getByRole('button', { name: 'बदलाव सहेजें' }).waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await seriousViolations(mobile)).toEqual([]);
    await screenshot(mobile, 'profile-edit-hi-360');
    await mobile.context().close();
  });
});
