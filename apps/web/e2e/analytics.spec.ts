import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { buyMonthly, ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();

const bag = {
  type: 'LUGGAGE',
  details: {
    description: 'Blue suitcase',
    ownerContact: { name: 'Meera Iyer', phoneNumber: '9867503421' },
    emergencyContact: { name: 'Arjun Iyer', phoneNumber: '9123456780' },
  },
};

describe('analytics journey', () => {
  it('a Free owner on a 360 px phone sees the locked preview, buys Premium and reads the analytics of real scans, in English and Hindi', async () => {
    const owner = await newPage(browser, { mobile: true });
    await registerAndSignIn(owner, baseUrl);
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', bag);

    // Free: a locked preview over sample numbers, with the way to the plans.
    await owner.goto(`${baseUrl}/analytics`);
    await owner.getByRole('heading', { name: 'Available on Premium and Business' }).waitFor();
    const cta = owner.getByRole('link', { name: 'See Premium and Business' });
    expect(await cta.getAttribute('href')).toBe('/pricing');
    expect(await owner.getByRole('figure').count()).toBe(0);
    await screenshot(owner, 'analytics-locked-360-en');

    // Two scans from a phone.
    const scanner = await newPage(browser, { mobile: true, userAgent: PHONE_CHROME });
    for (let i = 0; i < 2; i++) {
      await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
      await scanner.getByText('Blue suitcase').first().waitFor();
    }
    await scanner.context().close();

    // Premium through the sandbox checkout.
    await buyMonthly(owner, baseUrl, 'PREMIUM');

    // From the header's menu to the page: the last 30 days, counted.
    await owner.getByRole('button', { name: 'Menu' }).click();
    await owner.locator('#mobile-menu').getByRole('link', { name: 'Analytics' }).click();
    await owner.waitForURL(`${baseUrl}/analytics`);
    await owner.getByRole('heading', { name: 'Scans over time' }).waitFor();
    expect(await owner.getByTestId('total-scans').textContent()).toBe('Scans21 QR code scanned');
    const byQr = owner.getByRole('figure', { name: 'Scans by QR code' });
    expect(await byQr.getByText('Most scans: Blue suitcase, 2 of 2.').count()).toBe(1);
    await byQr.getByText('Show the numbers as a table').click();
    expect(await byQr.getByRole('row', { name: 'Blue suitcase 2' }).count()).toBe(1);
    const byDevice = owner.getByRole('figure', { name: 'Scans by device' });
    expect(await byDevice.getByText('Most scans: Phone, 2 of 2.').count()).toBe(1);
    // Recharts drew the bars (the drawing is hidden from screen readers, the table is not).
    expect(await owner.locator('figure .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await screenshot(owner, 'analytics-premium-360-en');

    // The period's CSV.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Download scan history (CSV)' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"scanId","qrId","qrType","scannedAt","deviceType","os","browser","latitude","longitude"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${qr.id}","LUGGAGE"`);
    expect(lines[1]).toContain('"mobile","Android 13"');

    // Hindi.
    await owner.evaluate(() => window.localStorage.setItem('carecode.language', 'hi'));
    await owner.reload();
    await owner.getByRole('heading', { name: 'समय के साथ स्कैन' }).waitFor();
    await owner.getByRole('heading', { level: 1, name: 'विश्लेषण' }).waitFor();
    expect(
      await owner
        .getByRole('figure', { name: 'डिवाइस के अनुसार स्कैन' })
        .getByText('सबसे ज़्यादा स्कैन: फ़ोन, 2 में से 2।')
        .count(),
    ).toBe(1);
    await screenshot(owner, 'analytics-premium-360-hi');
    await owner.context().close();
  });
});
