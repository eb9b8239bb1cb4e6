import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerAndSignIn, submitSignIn, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { linkIn, mailTo } from './support/outbox.ts';

const { baseUrl, browser } = useJourney();
const outbox = path.join(inject('dataDir'), 'outbox');

const header = (page: Page) => page.getByRole('banner');

describe('mail: confirming the address and resetting the password', () => {
  it('confirms the address from the mailed link, then resets a forgotten password and signs in with it', async () => {
    const page = await newPage(browser);
    const account = await registerAndSignIn(page, baseUrl);

    // The confirmation mail, opened from the outbox: the account page then says Verified.
    const confirmation = await mailTo(
      outbox,
      account.email,
      'Confirm your e-mail address for CareCode',
    );
    await page.goto(linkIn(confirmation, '/verify-email', baseUrl));
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    await page.goto(`${baseUrl}/account`);
    await page.getByText('Verified', { exact: true }).waitFor();

    // Signed out, 'Forgot password?' mails a reset link.
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/dashboard`);
    await waitForPath(page, baseUrl, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, baseUrl, '/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/If an account exists for this address/).waitFor();
    await screenshot(page, 'forgot-password-sent');

    const reset = await mailTo(outbox, account.email, 'Reset your CareCode password');
    expect(reset.text).toContain('The link works once and expires in 30 minutes.');
    await page.goto(linkIn(reset, '/reset-password', baseUrl));
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByText('Your password has been changed. Sign in with your new password.')
      .waitFor();

    // The new password signs in.
    await page.goto(`${baseUrl}/dashboard`);
    await waitForPath(page, baseUrl, '/login');
    await submitSignIn(page, { email: account.email, password: 'brand-new-pass-7' });
    await waitForPath(page, baseUrl, '/dashboard');
    await page.context().close();
  });

  it('shows the reset screens in Hindi at phone width', async () => {
    const page = await newPage(browser, { mobile: true, locale: 'hi-IN' });
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByRole('heading', { name: 'अपना पासवर्ड रीसेट करें' }).waitFor();
    await page.getByRole('button', { name: 'रीसेट लिंक भेजें' }).waitFor();
    await screenshot(page, 'forgot-password-360-hi');
    await page.goto(`${baseUrl}/reset-password?token=abcdefghijklmnopqrstuv`);
    await page.getByRole('heading', { name: 'नया पासवर्ड चुनें' }).waitFor();
    await screenshot(page, 'reset-password-360-hi');
    await page.context().close();
  });
});
