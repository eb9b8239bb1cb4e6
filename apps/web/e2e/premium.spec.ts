import { describe, expect, it } from 'vitest';
import { registerAndSignIn, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

/** A plan end as the account page shows it: India's calendar day, in the page's language. */
const indiaDate = (iso: string, locale: 'en-IN' | 'hi-IN') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

describe('Premium journey', () => {
  it('a Free owner on a 360 px phone buys Premium yearly in the sandbox and sees its end date on My Account, in English and Hindi', async () => {
    const page = await newPage(browser, { mobile: true });
    await registerAndSignIn(page, baseUrl);

    // Pricing: the yearly price, and the purchase goes through the same checkout as Basic.
    await page.goto(`${baseUrl}/pricing`);
    await page.getByText('Your plan: Free').waitFor();
    await page.getByRole('button', { name: 'Yearly' }).click();
    const premium = page.getByRole('article', { name: 'Premium' });
    await premium.getByText('₹950').waitFor();
    expect(await premium.textContent()).toContain('/year');
    await screenshot(page, 'premium-pricing-yearly-mobile');
    await premium.getByRole('link', { name: 'Upgrade to Premium (yearly)' }).click();

    await waitForPath(page, baseUrl, '/checkout');
    expect(new URL(page.url()).search).toBe('?plan=PREMIUM&period=yearly');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('₹950').waitFor();
    expect(await summary.textContent()).toContain('per year');
    await screenshot(page, 'premium-checkout-mobile');
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    await page.waitForURL(/\/api\/payment\/sandbox\/checkout\/[A-Za-z0-9_-]+$/);
    await page.getByText('TEST MODE').waitFor();
    expect(await page.locator('main').textContent()).toContain('CareCode Premium (yearly)');
    await page.getByRole('button', { name: 'Pay ₹950' }).click();
    await page.getByText('Payment successful! Redirecting...').waitFor();
    await page.waitForURL(`${baseUrl}/pricing`, { timeout: 20_000 });
    await page.getByText('Your plan: Premium').waitFor();

    // The end date comes from the server: one year from the payment.
    const me = await page.evaluate(async () => {
      for (let i = 0; i < window.localStorage.length; i++) {
        const key = window.localStorage.key(i)!;
        if (key.startsWith('oidc.user:')) {
          const { access_token } = JSON.parse(window.localStorage.getItem(key)!) as {
            access_token: string;
          };
          const res = await fetch('/api/user/me', {
            headers: { authorization: `Bearer ${access_token}` },
          });
          return (await res.json()) as { plan: string; planExpiresAt: string; groups: string[] };
        }
      }
      throw new Error('not signed in');
    });
    expect(me.plan).toBe('PREMIUM');
    const end = new Date(me.planExpiresAt).getTime();
    const aYearOn = new Date(startedAt);
    aYearOn.setFullYear(aYearOn.getFullYear() + 1);
    expect(Math.abs(end - aYearOn.getTime())).toBeLessThan(2 * 86_400_000);
    const premiumCard = page.getByRole('article', { name: 'Premium' });
    await premiumCard.getByText(`Active until ${indiaDate(me.planExpiresAt, 'en-IN')}`).waitFor();
    await screenshot(page, 'premium-pricing-active-mobile');

    await page.goto(`${baseUrl}/account`);
    const plan = page.getByTestId('account-plan');
    await plan.getByText('Premium').waitFor();
    await page
      .getByTestId('plan-expires')
      .getByText(`Active until ${indiaDate(me.planExpiresAt, 'en-IN')}`)
      .waitFor();
    await screenshot(page, 'premium-account-mobile');

    await page.evaluate(() => window.localStorage.setItem('carecode.language', 'hi'));
    await page.goto(`${baseUrl}/account`);
    await page.getByTestId('account-plan').getByText('प्रीमियम').waitFor();
    await page
      .getByTestId('plan-expires')
      .getByText(`${indiaDate(me.planExpiresAt, 'hi-IN')} तक सक्रिय`)
      .waitFor();
    await screenshot(page, 'premium-account-hi-mobile');
    await page.goto(`${baseUrl}/pricing`);
    await page
      .getByRole('article', { name: 'प्रीमियम' })
      .getByText(`${indiaDate(me.planExpiresAt, 'hi-IN')} तक सक्रिय`)
      .waitFor();
    await screenshot(page, 'premium-pricing-hi-mobile');
    await page.context().close();
  });
});
