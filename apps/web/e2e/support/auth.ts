import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

export interface TestAccount {
  email: string;
  password: string;
  phone?: string;
}

/** A fresh e-mail address for each journey, so journeys never collide on one database. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Generous: sign-in crosses several pages and a password hash, on a possibly busy machine. */
const SIGN_IN_TIMEOUT_MS = 60_000;

/** Waits until the browser shows `pathname` of the app at `baseUrl` (query ignored). */
export async function waitForPath(page: Page, baseUrl: string, pathname: string) {
  await page.waitForURL(new RegExp(`^${escape(baseUrl)}${escape(pathname)}(\\?.*)?$`), {
    timeout: SIGN_IN_TIMEOUT_MS,
  });
}

/**
 * After submitting a sign-in or registration form: resolves once on `pathname`, or fails at
 * once with the message the form shows (server alert or field error) instead of timing out.
 */
async function waitForPathOrFormError(page: Page, baseUrl: string, pathname: string) {
  const formError = page.locator('main [role="alert"], form [id$="-error"]').first();
  const outcome = await Promise.race([
    waitForPath(page, baseUrl, pathname).then(
      () => ({ ok: true as const }),
      (error: Error) => ({ ok: false as const, message: error.message }),
    ),
    formError.waitFor({ timeout: SIGN_IN_TIMEOUT_MS }).then(
      async () => ({
        ok: false as const,
        message: `the form says: ${await formError.innerText()}`,
      }),
      () => new Promise<never>(() => undefined),
    ),
  ]);
  if (!outcome.ok) throw new Error(`did not reach ${pathname}: ${outcome.message}`);
}

/**
 * Fills the built-in provider's sign-in form (the /login page the provider sends the browser to)
 * and submits it. The page must be showing the sign-in form already.
 */
export async function submitSignIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Registers a brand-new user through the real screens, starting from `${baseUrl}/dashboard`
 * (the guard sends the signed-out browser to sign-in; the sign-in page links to registration),
 * and resolves once the browser is back on /dashboard, signed in. English texts are assumed,
 * so use a page whose locale is English (the default of `newPage`).
 */
export async function registerAndSignIn(
  page: Page,
  baseUrl: string,
  options: { email?: string; password?: string; phone?: string } = {},
): Promise<TestAccount> {
  const account: TestAccount = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? 'secret-pass-1',
    phone: options.phone,
  };
  await page.goto(`${baseUrl}/dashboard`);
  await waitForPath(page, baseUrl, '/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await waitForPath(page, baseUrl, '/register');
  await page.getByRole('heading', { name: 'Join CareCode and secure your identity' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  if (account.phone) await page.getByLabel(/^Mobile number/).fill(account.phone);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await waitForPathOrFormError(page, baseUrl, '/dashboard');
  return account;
}
