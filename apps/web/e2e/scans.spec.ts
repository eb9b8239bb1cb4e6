import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();

const DELHI = { latitude: 28.6139, longitude: 77.209 };
const LOAD_FAILED =
  "We couldn't load scan data. The scan might be expired for security reasons (We allow scan session for 2–3 min only). Please rescan to try again.";
const THANKS =
  'Thank you! Your location has been shared to help reconnect someone or something important.';

const vehicle = {
  type: 'VEHICLE',
  details: {
    numberPlate: 'KA01AB1234',
    modelDescription: 'Red Swift',
    ownerContact: { name: 'Arjun Rao', phoneNumber: '9000011111' },
    emergencyContact: { name: 'Leela Rao', phoneNumber: '9000022222' },
  },
};

/** A phone at 360 px that has granted location access (and, optionally, prefers Hindi). */
async function scannerPage(locale = 'en-US') {
  return newPage(browser, {
    mobile: true,
    locale,
    userAgent: PHONE_CHROME,
    permissions: ['geolocation'],
    geolocation: DELHI,
  });
}

describe('scanning a QR', () => {
  it('a stranger sees the details and numbers and shares their location; the owner sees it live', async () => {
    const owner = await newPage(browser);
    await registerAndSignIn(owner, baseUrl);
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle);

    // Open the dashboard and wait until its live event stream is connected.
    const streamOpen = owner.waitForResponse((res) => res.url().endsWith('/api/scans/events'));
    await owner.reload();
    expect((await streamOpen).status()).toBe(200);
    const history = owner.getByRole('region', { name: 'Scan History' });
    await history.getByText(/No scans yet/).waitFor();

    // The stranger scans the QR with a phone.
    const scanner = await scannerPage();
    await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await scanner.waitForURL(new RegExp(`^${baseUrl}/scans/[A-Za-z0-9_-]{22}$`));
    await scanner.getByText('KA01AB1234').waitFor();
    const hrefs = await scanner
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'tel:9000011111',
        'tel:9000022222',
        'https://wa.me/919000011111',
        'https://wa.me/919000022222',
        'tel:112',
        'tel:1098',
      ]),
    );
    expect(hrefs).not.toContain('tel:108');
    expect(
      await scanner.getByRole('heading', { name: 'Emergency Numbers (India)' }).isVisible(),
    ).toBe(true);
    const banner = scanner.getByRole('heading', { name: 'Your location could make a difference' });
    await banner.waitFor();
    await screenshot(scanner, 'scan-page-360-en');

    // The owner's dashboard shows the scan without a reload, with a toast naming the QR.
    await owner.getByText('New scan: KA01AB1234').waitFor();
    await history.getByRole('link', { name: `Open QR ${qr.id.slice(0, 8)}` }).waitFor();
    expect(await history.getByText('Not shared').isVisible()).toBe(true);

    // The stranger shares their location.
    await scanner.getByRole('button', { name: 'Allow Location' }).click();
    await scanner.getByText(THANKS).waitFor();
    expect(await banner.count()).toBe(0);

    // ...and the owner's row gains its map link, still without a reload.
    const mapLink = history.getByRole('link', { name: 'View on map' });
    await mapLink.waitFor();
    expect(await mapLink.getAttribute('href')).toBe(
      `https://www.google.com/maps?q=${DELHI.latitude},${DELHI.longitude}`,
    );
    await screenshot(owner, 'dashboard-scan-history-live');

    // The QR's own page lists the scan too.
    await history.getByRole('link', { name: `Open QR ${qr.id.slice(0, 8)}` }).click();
    await owner.getByRole('region', { name: 'Scan History' }).getByText('View on map').waitFor();

    // The prompt shows once per browser session: a rescan in the same tab does not ask again
    // (the server draws it, not knowing this tab's session; the page hides it as it hydrates).
    await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await scanner.getByText('KA01AB1234').waitFor();
    await banner.waitFor({ state: 'detached' });
    await scanner.waitForTimeout(300);
    expect(await banner.count()).toBe(0);

    // In Hindi, for a phone that prefers it.
    const hindi = await scannerPage('hi-IN');
    await hindi.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await hindi.getByRole('heading', { name: 'आपकी लोकेशन बड़ा फ़र्क ला सकती है' }).waitFor();
    await hindi.getByText('KA01AB1234').waitFor();
    await screenshot(hindi, 'scan-page-360-hi');

    // A private QR: the restricted message and the emergency numbers, no details.
    await ownerApi(owner, 'PUT', `/qr-codes/${qr.id}/private`);
    const other = await scannerPage();
    await other.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await other.getByText('This QR code is private. Only its owner can see its details.').waitFor();
    expect(await other.getByText('KA01AB1234').count()).toBe(0);
    expect(await other.getByRole('link', { name: /112/ }).count()).toBe(1);
    await screenshot(other, 'scan-page-360-private');

    for (const page of [owner, scanner, hindi, other]) await page.context().close();
  });

  it('over the Free quota: the scanner still gets help but no location prompt; the owner is offered an upgrade', async () => {
    const owner = await newPage(browser);
    await registerAndSignIn(owner, baseUrl);
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle);
    // Ten scanners on ten phones use up the Free month (repeat scans from one address would
    // count once).
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${baseUrl}/api/qr-codes/${qr.id}/scan`, {
        redirect: 'manual',
        headers: { 'user-agent': PHONE_CHROME, 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.status).toBe(302);
    }
    const scanner = await scannerPage();
    await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await scanner.getByText('KA01AB1234').waitFor();
    expect(await scanner.getByRole('link', { name: /112/ }).count()).toBe(1);
    await scanner.waitForTimeout(300);
    expect(
      await scanner.getByRole('heading', { name: 'Your location could make a difference' }).count(),
    ).toBe(0);

    await owner.goto(`${baseUrl}/qr-data/${qr.id}`);
    await owner.getByText('11 scan(s) exhausted').waitFor();
    const upgrade = owner.getByRole('link', { name: 'Upgrade Plan' });
    await upgrade.waitFor();
    expect(await upgrade.getAttribute('href')).toBe('/pricing');
    await screenshot(owner, 'qr-detail-quota-used');
    for (const page of [owner, scanner]) await page.context().close();
  });

  it('shows the expired-scan text for a scan session that cannot be loaded', async () => {
    const page = await scannerPage();
    await page.goto(`${baseUrl}/scans/no-such-scan`);
    await page.getByText(LOAD_FAILED).waitFor();
    expect(await page.getByRole('heading', { name: 'Emergency Numbers (India)' }).isVisible()).toBe(
      true,
    );
    await page.context().close();
  });

  it('shows the not-found help page, with emergency numbers to tap, for an unknown QR id', async () => {
    const page = await scannerPage();
    const answer = await page.goto(`${baseUrl}/api/qr-codes/AAAAAAAAAAAAAAAAAAAAAA/scan`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'QR code not found', level: 1 }).waitFor();
    const numbers = page.getByRole('region', { name: 'Emergency Numbers (India)' });
    expect(
      await numbers
        .getByRole('link', { name: 'Call 112, All-in-one Emergency' })
        .getAttribute('href'),
    ).toBe('tel:112');
    await page.context().close();
  });

  it('loads no dashboard, designer, payment, form or QR-drawing code on the scan page', async () => {
    const page = await scannerPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto(`${baseUrl}/scans/no-such-scan`);
    await page.getByText(LOAD_FAILED).waitFor();
    const names = scripts.map((url) => new URL(url).pathname.split('/').pop()!);
    expect(
      names.filter((name) =>
        /^(dashboard|qr-detail|checkout|pricing|payment-status|account)-|designer/i.test(name),
      ),
    ).toEqual([]);
    // Distinctive code of react-hook-form, qrcode.react and html-to-image.
    const offending: string[] = [];
    for (const url of scripts) {
      const code = await page.evaluate(async (u) => (await fetch(u)).text(), url);
      for (const marker of ['useFormContext', 'QRCodeSVG', 'toCanvas', 'getFontEmbedCSS']) {
        if (code.includes(marker)) offending.push(`${marker} in ${url}`);
      }
    }
    expect(offending).toEqual([]);
    await page.context().close();
  });
});
