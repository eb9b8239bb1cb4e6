import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn, submitSignIn, uniqueEmail, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

const header = (page: Page) => page.getByRole('banner');

/** The signed-in user as the web app keeps it (spec §3: in local storage). */
async function storedUser(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(window.localStorage.getItem(key) ?? 'null') as {
          access_token: string;
          refresh_token?: string;
          profile: Record<string, unknown>;
        })
      : null;
  });
}

describe('built-in sign-in', () => {
  it('registers, signs in, stays signed in on reload, logs out, and returns to a saved path', async () => {
    const page = await newPage(browser);
    const account = await registerAndSignIn(page, baseUrl, { phone: '9876543210' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await header(page).getByRole('button', { name: 'Logout' }).waitFor();

    // The stored user carries the identity claims, and its access token opens the API.
    const user = await storedUser(page);
    expect(user?.profile).toMatchObject({
      email: account.email,
      phone_number: '9876543210',
      groups: [],
    });
    expect(user?.refresh_token).toBeTruthy();
    const me = await page.evaluate(async (token) => {
      const res = await fetch('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }, user?.access_token);
    expect(me).toEqual({
      status: 200,
      body: {
        email: account.email,
        emailVerified: false,
        phone: '9876543210',
        plan: 'FREE',
        ownedPlan: 'FREE',
        paidPlan: null,
        paidPeriod: null,
        planExpiresAt: null,
        groups: [],
      },
    });

    await page.reload();
    await header(page).getByRole('button', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await header(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(await header(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await storedUser(page)).toBeNull();

    // Signed out, a protected address leads to the sign-in form (the provider session is gone
    // too) and, once signed in, back to the same path and query.
    await page.goto(`${baseUrl}/qr-data/x?tab=1`);
    await waitForPath(page, baseUrl, '/login');
    await submitSignIn(page, account);
    await page.waitForURL(`${baseUrl}/qr-data/x?tab=1`, { timeout: 60_000 });
    await header(page).getByRole('button', { name: 'Logout' }).waitFor();
    await page.context().close();
  });

  it('keeps the dashboard when the network drops during token renewal, and renews once it is back', async () => {
    const page = await newPage(browser);
    await registerAndSignIn(page, baseUrl);
    await page.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
    // The stored token now expires in 64 s: the app renews it 60 s ahead, 4 s after the reload.
    await page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(window.localStorage.getItem(key)!);
      user.expires_at = Math.floor(Date.now() / 1000) + 64;
      window.localStorage.setItem(key, JSON.stringify(user));
    });
    await page.reload();
    await page.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
    const before = (await storedUser(page))!.access_token;
    await page.context().setOffline(true);
    await page.waitForTimeout(7000);
    // The renewal has failed by now: the page is still the dashboard, with no error in its place.
    expect(await page.getByRole('heading', { name: 'My QR Dashboard' }).isVisible()).toBe(true);
    expect(await page.getByText(/^Error:/).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.context().setOffline(false);
    // The retry (2 s, then 4 s...) renews the token once the network is back.
    await expect
      .poll(async () => (await storedUser(page))?.access_token, { timeout: 20_000 })
      .not.toBe(before);
    expect(await page.getByRole('heading', { name: 'My QR Dashboard' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('tells a wrong password, an unknown e-mail and a taken e-mail apart', async () => {
    const page = await newPage(browser);
    const account = await registerAndSignIn(page, baseUrl);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/dashboard`);
    await waitForPath(page, baseUrl, '/login');
    await submitSignIn(page, { email: account.email, password: 'not-the-password' });
    await page.getByRole('alert').getByText('Incorrect e-mail or password.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    );

    await submitSignIn(page, { email: uniqueEmail('nobody'), password: 'whatever1' });
    await page.getByRole('alert').getByText('Incorrect e-mail or password.').waitFor();

    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, baseUrl, '/register');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('another1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('alert')
      .getByText('An account with this e-mail already exists.')
      .waitFor();

    // 'Already have an account?' leads back to the sign-in form of the same request.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, baseUrl, '/login');
    await submitSignIn(page, account);
    await waitForPath(page, baseUrl, '/dashboard');
    await page.context().close();
  });

  it('starts sign-in from /login and /register opened directly', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(/\/login\?uid=/);
    await page.getByRole('heading', { name: 'Sign in to CareCode' }).waitFor();

    await page.goto(`${baseUrl}/register`);
    await page.waitForURL(/\/register\?uid=/);
    await page.getByRole('heading', { name: 'Join CareCode and secure your identity' }).waitFor();
    await page.context().close();
  });

  it('checks the registration rules in the browser before sending', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/register`);
    await page.waitForURL(/\/register\?uid=/);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password', { exact: true }).fill('12346');
    await page.getByLabel('Mobile number', { exact: true }).fill('98765');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters.').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('Phone number must be 10 digits').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(new URL(page.url()).pathname).toBe('/register');
    await page.context().close();
  });

  for (const locale of ['en', 'hi'] as const) {
    it(`shows the sign-in and registration screens at 360 px in ${locale}`, async () => {
      const page = await newPage(browser, {
        mobile: true,
        locale: locale === 'hi' ? 'hi-IN' : 'en-US',
      });
      await page.goto(`${baseUrl}/login`);
      await page.waitForURL(/\/login\?uid=/);
      const heading = locale === 'en' ? 'Sign in to CareCode' : 'CareCode में साइन इन करें';
      await page.getByRole('heading', { name: heading }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await screenshot(page, `auth-login-360-${locale}`);

      await page
        .getByRole('link', { name: locale === 'en' ? 'Create an account' : 'नया खाता बनाएँ' })
        .click();
      await page.waitForURL(/\/register\?uid=/);
      await page
        .getByRole('heading', {
          name:
            locale === 'en'
              ? 'Join CareCode and secure your identity'
              : 'CareCode से जुड़ें और अपनी पहचान सुरक्षित करें',
        })
        .waitFor();
      await page
        .getByRole('button', { name: locale === 'en' ? 'Create Account' : 'खाता बनाएँ' })
        .click();
      await page
        .getByText(locale === 'en' ? 'Required' : 'आवश्यक')
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await screenshot(page, `auth-register-360-${locale}`);
      await page.context().close();
    });
  }
});
