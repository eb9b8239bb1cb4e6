import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { buyMonthly, ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();

/** A 4 × 4 orange PNG (the logo the admin uploads). */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4Oo8bjhiI4wAAr7IZ4Zk8ugAAAAAASUVORK5CYII=',
  'base64',
);

/** Whether the image has loaded (served, allowed by the page's CSP and decoded). */
const hasLoaded = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('custom branding', () => {
  it("an admin sets a colour (a too-light one is flagged) and a logo; a stranger's scan page shows them, in English and Hindi, with every number", async () => {
    const admin = await newPage(browser, { mobile: true });
    const scanner = await newPage(browser, { mobile: true, userAgent: PHONE_CHROME });
    try {
      await registerAndSignIn(admin, baseUrl);
      await buyMonthly(admin, baseUrl, 'BUSINESS');
      const organization = await ownerApi<{ id: string }>(admin, 'POST', '/organizations', {
        name: 'Lotus Hotel',
      });
      const qr = await ownerApi<{ id: string }>(admin, 'POST', '/qr-codes/', {
        type: 'LUGGAGE',
        organizationId: organization.id,
        details: {
          description: 'Blue suitcase',
          ownerContact: { name: 'Front Desk', phoneNumber: '9000011111' },
          emergencyContact: { name: 'Manager', phoneNumber: '9000022222' },
        },
      });

      // The organisation page's branding card.
      await admin.goto(`${baseUrl}/organizations/${organization.id}`);
      const card = admin.getByRole('region', { name: 'Branding' });
      const colour = card.getByRole('textbox', { name: 'Brand colour' });
      await colour.fill('#FEF08A');
      await card
        .getByText('This colour is too light for white text; the default colour will be used.')
        .waitFor();
      await colour.fill('#1E3A8A');
      await card.getByRole('button', { name: 'Save colour' }).click();
      await admin.getByText('Brand colour saved.').waitFor();
      await card.locator('input[type="file"]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: LOGO_PNG,
      });
      await admin.getByText('Logo saved.').waitFor();
      await card.getByRole('button', { name: 'Remove logo' }).waitFor();
      expect(await hasLoaded(admin, '[data-testid="brand-preview"] img')).toBe(true);
      await screenshot(admin, 'branding-card-360-en');

      // A stranger scans the code: the band leads the page, and help is all still there.
      await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
      await scanner.waitForURL(new RegExp(`^${baseUrl}/scans/[A-Za-z0-9_-]{22}$`));
      const band = scanner.getByRole('region', { name: 'Lotus Hotel' });
      await band.getByText('Protected by CareCode').waitFor();
      expect(await band.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
        'rgb(30, 58, 138)',
      );
      expect(await hasLoaded(scanner, 'section[aria-label="Lotus Hotel"] img')).toBe(true);
      const hrefs = await scanner
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(
        expect.arrayContaining(['tel:9000011111', 'tel:9000022222', 'tel:112', 'tel:1098']),
      );
      await screenshot(scanner, 'branded-scan-360-en');

      // The language switch asks the server for the page again in Hindi.
      await scanner.goto(`${scanner.url()}?lang=hi`);
      await band.getByText('CareCode द्वारा सुरक्षित').waitFor();
      expect(await hasLoaded(scanner, 'section[aria-label="Lotus Hotel"] img')).toBe(true);
      await screenshot(scanner, 'branded-scan-360-hi');
    } finally {
      await admin.context().close();
      await scanner.context().close();
    }
  });
});
