import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { ownerApi, PHONE_CHROME } from './support/owner-api.ts';

/**
 * The scan page as the server draws it: whole with JavaScript off, in English and Hindi, at
 * 360 px; and with JavaScript on, hydrated from the data in its HTML without asking for the
 * session again, and still live (location sharing, the language switch).
 */
const { baseUrl, browser } = useJourney();

const DELHI = { latitude: 28.6139, longitude: 77.209 };
const THANKS =
  'Thank you! Your location has been shared to help reconnect someone or something important.';
const SCAN_NUMBERS = ['112', '100', '102', '1033', '1091', '1098', '101', '1078'];

const vehicle = {
  type: 'VEHICLE',
  details: {
    numberPlate: 'DL3CAB4321',
    modelDescription: 'White Dzire',
    ownerContact: { name: 'Meera Iyer', phoneNumber: '9000033333' },
    emergencyContact: { name: 'Kabir Iyer', phoneNumber: '9000044444' },
  },
};

const texts = {
  en: {
    title: 'Scanned QR details',
    location: 'Your location could make a difference',
    noScript:
      'Sharing your location needs JavaScript, which is turned off in this browser. Please call the owner or an emergency number below instead.',
    askedIn5: 'We will ask for your location in 5 sec.',
    numbers: 'Emergency Numbers (India)',
    call112: 'Call 112, All-in-one Emergency',
    owner: 'Owner Name',
    switchTo: 'Language: हिन्दी',
    private: 'This QR code is private. Only its owner can see its details.',
  },
  hi: {
    title: 'स्कैन किए गए QR का विवरण',
    location: 'आपकी लोकेशन बड़ा फ़र्क ला सकती है',
    noScript:
      'लोकेशन भेजने के लिए JavaScript चाहिए, जो इस ब्राउज़र में बंद है। इसके बजाय कृपया नीचे दिए मालिक के नंबर या किसी आपातकालीन नंबर पर कॉल करें।',
    askedIn5: '5 सेकंड में हम आपसे आपकी लोकेशन माँगेंगे।',
    numbers: 'आपातकालीन नंबर (भारत)',
    call112: '112 पर कॉल करें, सभी आपात स्थितियों के लिए',
    owner: 'मालिक का नाम',
    switchTo: 'भाषा: English',
    private: 'यह QR कोड निजी है। इसका विवरण केवल इसका मालिक देख सकता है।',
  },
} as const;

type Language = keyof typeof texts;

/** A phone at 360 px, with or without JavaScript, preferring a language. */
async function scanner(options: { javaScriptEnabled: boolean; language?: Language }) {
  return newPage(browser, {
    mobile: true,
    locale: options.language === 'hi' ? 'hi-IN' : 'en-US',
    userAgent: PHONE_CHROME,
    javaScriptEnabled: options.javaScriptEnabled,
    permissions: ['geolocation'],
    geolocation: DELHI,
  });
}

const hrefsOf = (page: Page) =>
  page.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

let owner: Page;
let qrId: string;
let privateQrId: string;

beforeAll(async () => {
  owner = await newPage(browser);
  await registerAndSignIn(owner, baseUrl);
  qrId = (await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle)).id;
  privateQrId = (await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle)).id;
  await ownerApi(owner, 'PUT', `/qr-codes/${privateQrId}/private`);
});

describe('the scan page with JavaScript off', () => {
  for (const language of ['en', 'hi'] as const) {
    it(`shows the details, call links, numbers and how to share a location, in ${language}`, async () => {
      const t = texts[language];
      const page = await scanner({ javaScriptEnabled: false, language });
      const answer = await page.goto(`${baseUrl}/api/qr-codes/${qrId}/scan`);
      expect(answer?.status()).toBe(200);
      expect(page.url()).toMatch(new RegExp(`^${baseUrl}/scans/[A-Za-z0-9_-]{22}$`));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
      expect(await page.getByText('DL3CAB4321').isVisible()).toBe(true);
      expect(await page.getByText('Meera Iyer').isVisible()).toBe(true);
      expect(await page.getByText(t.owner).isVisible()).toBe(true);
      const hrefs = await hrefsOf(page);
      expect(hrefs).toEqual(
        expect.arrayContaining([
          'tel:9000033333',
          'tel:9000044444',
          'https://wa.me/919000033333',
          'https://wa.me/919000044444',
          ...SCAN_NUMBERS.map((number) => `tel:${number}`),
        ]),
      );
      expect(hrefs).not.toContain('tel:108');
      const numbers = page.getByRole('region', { name: t.numbers });
      expect(await numbers.isVisible()).toBe(true);
      const call112 = numbers.getByRole('link', { name: t.call112 });
      expect(await call112.getAttribute('href')).toBe('tel:112');
      expect(await call112.isVisible()).toBe(true);

      // The prompt explains what to do instead; the button that needs script is not offered,
      // nor the promise to ask in 5 seconds.
      expect(await page.getByRole('heading', { name: t.location }).isVisible()).toBe(true);
      // (Playwright's text search leaves <noscript> out: found by its place instead.)
      const noScript = page.locator('section[aria-labelledby="location-banner-title"] noscript p');
      expect(await noScript.textContent()).toBe(t.noScript);
      expect(await noScript.isVisible()).toBe(true);
      expect(await page.getByText(t.askedIn5).isVisible()).toBe(false);
      expect(
        await page.getByRole('button', { name: /Allow Location|लोकेशन की अनुमति दें/ }).isVisible(),
      ).toBe(false);
      // Tap targets of at least 44 px for the numbers.
      const box = await call112.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `scan-page-360-no-js-${language}`);
      await page.context().close();
    });
  }

  it('switches language with a plain form, and shows a private QR as restricted with the numbers', async () => {
    const page = await scanner({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/api/qr-codes/${qrId}/scan`);
    const scanPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: texts.en.switchTo }).click();
    await page.waitForURL(`${baseUrl}${scanPath}?lang=hi`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.hi.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await page.getByText('DL3CAB4321').isVisible()).toBe(true);
    await page.getByRole('button', { name: texts.hi.switchTo }).click();
    await page.waitForURL(`${baseUrl}${scanPath}?lang=en`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.en.title);

    for (const language of ['en', 'hi'] as const) {
      const other = await scanner({ javaScriptEnabled: false, language });
      const answer = await other.goto(`${baseUrl}/api/qr-codes/${privateQrId}/scan`);
      expect(answer?.status()).toBe(403);
      expect(await other.getByText(texts[language].private).isVisible()).toBe(true);
      expect(await other.getByText('DL3CAB4321').count()).toBe(0);
      const hrefs = await hrefsOf(other);
      expect(hrefs).toEqual(expect.arrayContaining(SCAN_NUMBERS.map((n) => `tel:${n}`)));
      await screenshot(other, `scan-page-360-no-js-private-${language}`);
      await other.context().close();
    }
    await page.context().close();
  });
});

describe('the scan page with JavaScript on', () => {
  it('hydrates without asking for the session again, and stays live', async () => {
    const page = await scanner({ javaScriptEnabled: true });
    const sessionReads: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/scans\/[^/]+$/.test(new URL(request.url()).pathname)) {
        sessionReads.push(`${request.method()} ${request.url()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${baseUrl}/api/qr-codes/${qrId}/scan`);
    const allow = page.getByRole('button', { name: 'Allow Location' });
    // Enabled only once the page has hydrated (it needs the script).
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent === 'Allow Location',
      );
      return button && !button.disabled;
    });
    expect(await page.getByText(texts.en.askedIn5).isVisible()).toBe(true);

    // Location sharing works: one PUT, then thanks.
    const shared = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/location'),
    );
    await allow.click();
    await shared;
    await page.getByText(THANKS).waitFor();

    // The language switch works in place, without a new page or a new read.
    const scanUrl = page.url();
    await page.getByRole('button', { name: texts.en.switchTo }).click();
    await page.getByRole('heading', { name: texts.hi.title }).waitFor();
    expect(page.url()).toBe(scanUrl);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

    expect(sessionReads).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets the owner see their own private QR: their browser reads it again with their token', async () => {
    const reads: number[] = [];
    owner.on('response', (response) => {
      if (/\/api\/scans\/[^/]+$/.test(new URL(response.url()).pathname))
        reads.push(response.status());
    });
    // Scanned with a phone (the owner's test browser names itself headless, whose scans the
    // scan URL does not record), then opened in the owner's signed-in browser.
    const scanned = await fetch(`${baseUrl}/api/qr-codes/${privateQrId}/scan`, {
      redirect: 'manual',
      headers: { 'user-agent': PHONE_CHROME },
    });
    expect(scanned.status).toBe(302);
    await owner.goto(scanned.headers.get('location')!);
    await owner.getByText('DL3CAB4321').waitFor();
    expect(await owner.getByText(texts.en.private).count()).toBe(0);
    expect(reads).toEqual([200]);
  });
});
