import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

/** The signed-in user's access token, as oidc-client-ts keeps it in local storage. */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) {
        return (JSON.parse(window.localStorage.getItem(key)!) as { access_token: string })
          .access_token;
      }
    }
    return undefined;
  });
  if (!token) throw new Error('not signed in');
  return token;
}

const luggage = (description: string) => ({
  type: 'LUGGAGE',
  details: {
    description,
    ownerContact: { name: 'Arjun Rao', phoneNumber: '9000011111' },
    emergencyContact: { name: 'Leela Rao', phoneNumber: '9000022222' },
  },
});

async function createQrThroughApi(page: Page, description: string) {
  const res = await fetch(`${baseUrl}/api/qr-codes/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(luggage(description)),
  });
  expect(res.status).toBe(201);
}

async function fillLuggageForm(page: Page, description: string) {
  await page.getByRole('button', { name: 'Create New QR' }).click();
  await page.getByRole('dialog', { name: 'Choose the kind of QR code' }).waitFor();
  await page.getByRole('button', { name: /^Luggage/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New Luggage QR' });
  await dialog.waitFor();
  const values: Record<string, string> = {
    'Luggage Description': description,
    'Owner Name': 'Arjun Rao',
    'Owner Phone': '9000011111',
    'Emergency Name': 'Leela Rao',
    'Emergency Phone': '9000022222',
  };
  for (const [label, value] of Object.entries(values)) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  await dialog.getByRole('button', { name: 'Create QR' }).click();
}

describe('plans and payments journey', () => {
  it('a Free owner with 2 QRs is refused a third, buys Basic in the sandbox and creates it', async () => {
    const page = await newPage(browser);
    await registerAndSignIn(page, baseUrl);
    await createQrThroughApi(page, 'Blue suitcase');
    await createQrThroughApi(page, 'Red backpack');

    // The third QR is refused on the Free plan.
    await page.reload();
    await page.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
    await fillLuggageForm(page, 'Green duffel');
    await page
      .getByText(
        'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // Pricing → Upgrade to Basic (one-time).
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await waitForPath(page, baseUrl, '/pricing');
    await page.getByText('Your plan: Free').waitFor();
    expect(await page.getByRole('button', { name: 'Coming Soon' }).count()).toBe(0);
    await screenshot(page, 'payments-pricing-free');
    await page.getByRole('link', { name: 'Upgrade to Basic' }).click();

    // Checkout.
    await waitForPath(page, baseUrl, '/checkout');
    expect(new URL(page.url()).search).toBe('?plan=BASIC');
    await page.getByRole('heading', { name: 'Confirm Your Plan' }).waitFor();
    expect(await page.getByRole('region', { name: 'Order summary' }).textContent()).toContain(
      '₹249',
    );
    await screenshot(page, 'payments-checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    // The sandbox gateway's TEST MODE page.
    await page.waitForURL(/\/api\/payment\/sandbox\/checkout\/[A-Za-z0-9_-]+$/);
    const merchantOrderId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('TEST MODE').waitFor();
    expect(await page.locator('main').textContent()).toContain('CareCode Basic');
    await screenshot(page, 'payments-sandbox');
    await page.getByRole('button', { name: 'Pay ₹249' }).click();

    // Payment status: success, countdown, then pricing with a renewed token.
    await waitForPath(page, baseUrl, '/payment-status');
    expect(new URL(page.url()).searchParams.get('merchantOrderId')).toBe(merchantOrderId);
    await page.getByText('Payment successful! Redirecting...').waitFor();
    await page.getByRole('progressbar', { name: 'Time until redirect' }).waitFor();
    await screenshot(page, 'payments-status-success');
    const redirectedAt = Date.now();
    await page.waitForURL(`${baseUrl}/pricing`, { timeout: 20_000 });
    expect(Date.now() - redirectedAt).toBeGreaterThan(2_000);
    await page.getByText('Your plan: Basic').waitFor();
    expect(await page.getByRole('link', { name: 'Upgrade to Basic' }).count()).toBe(0);
    await screenshot(page, 'payments-pricing-basic');

    // Account: Basic, and the order COMPLETED.
    await page.getByRole('link', { name: 'My Account' }).first().click();
    await waitForPath(page, baseUrl, '/account');
    expect(await page.getByTestId('account-plan').textContent()).toContain('Basic');
    expect(await page.getByRole('link', { name: 'Upgrade Plan' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Order History' }).click();
    const row = page.getByRole('row', { name: new RegExp(merchantOrderId) });
    await row.waitFor();
    expect(await row.getByText('COMPLETED').getAttribute('data-tone')).toBe('green');
    expect(await row.textContent()).toContain('₹249');
    await screenshot(page, 'payments-account-orders');

    // The third QR now fits the Basic plan.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
    await fillLuggageForm(page, 'Green duffel');
    await page.waitForURL(/\/qr-data\/[A-Za-z0-9_-]{22,}$/);
    await page.context().close();
  });

  it('a cancelled payment shows the failure, returns to pricing and leaves the plan Free (Hindi, 360 px)', async () => {
    const page = await newPage(browser, { mobile: true });
    await registerAndSignIn(page, baseUrl);
    await page.goto(`${baseUrl}/checkout?plan=basic`);
    await page.getByRole('heading', { name: 'Confirm Your Plan' }).waitFor();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText('TEST MODE').waitFor();
    await screenshot(page, 'payments-sandbox-mobile');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Payment failed. Redirecting back to try again...').waitFor();
    await page.waitForURL(`${baseUrl}/pricing`, { timeout: 20_000 });
    await page.getByText('Your plan: Free').waitFor();

    await page.evaluate(() => window.localStorage.setItem('carecode.language', 'hi'));
    await page.goto(`${baseUrl}/account?tab=orders`);
    await page.getByRole('tab', { name: 'ऑर्डर इतिहास' }).waitFor();
    const status = page.getByText('विफल');
    await status.waitFor();
    expect(await status.getAttribute('data-tone')).toBe('red');
    await screenshot(page, 'payments-account-orders-hi-mobile');
    await page.goto(`${baseUrl}/pricing`);
    await page.getByText('20% बचाएँ').waitFor();
    await screenshot(page, 'payments-pricing-hi-mobile');
    await page.context().close();
  });
});
