import type { Page } from 'playwright-core';

/** Calls the API from the owner's page with the access token the app keeps in localStorage. */
export async function ownerApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
      const user = JSON.parse(window.localStorage.getItem(key!)!) as { access_token: string };
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${user.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

// Headless Chromium names itself HeadlessChrome, which counts as an automated agent (whose
// scans are not recorded): the scanner presents itself as the phone browser it stands for.
export const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/**
 * Buys a monthly Premium (₹99) or Business (₹999) plan through the sandbox checkout, as the owner
 * would: the order, the checkout page's pay button, the success message, back on /pricing.
 */
export async function buyMonthly(
  page: Page,
  baseUrl: string,
  planType: 'PREMIUM' | 'BUSINESS',
): Promise<void> {
  const order = await ownerApi<{ redirectUrl: string }>(page, 'POST', '/payment/create-order', {
    planType,
    billingPeriod: 'MONTHLY',
  });
  await page.goto(order.redirectUrl);
  await page.getByRole('button', { name: planType === 'PREMIUM' ? 'Pay ₹99' : 'Pay ₹999' }).click();
  await page.getByText('Payment successful! Redirecting...').waitFor();
  await page.waitForURL(`${baseUrl}/pricing`, { timeout: 20_000 });
}
