import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { organizations, qrCodes, scans } from '../../db/schema/index.ts';
import { createOrganizationFixture } from '../organizations/organizations.test-kit.ts';
import { scanRateLimits } from './scans.routes.ts';
import { awaitFreshWindow, createOwner, createQr, nextAddress, scan } from './scans.test-kit.ts';

// The scan page drawn on the server (plugins/web-app.ts): the web app built into a folder of its
// own, as `npm run build` builds it (a production build, in a process of its own), and served.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const LOAD_FAILED =
  "We couldn't load scan data. The scan might be expired for security reasons (We allow scan session for 2–3 min only). Please rescan to try again.";
const NO_SCRIPT_EN =
  'Sharing your location needs JavaScript, which is turned off in this browser. Please call the owner or an emergency number below instead.';
const NO_SCRIPT_HI =
  'लोकेशन भेजने के लिए JavaScript चाहिए, जो इस ब्राउज़र में बंद है। इसके बजाय कृपया नीचे दिए मालिक के नंबर या किसी आपातकालीन नंबर पर कॉल करें।';
const SCAN_NUMBERS = ['112', '100', '102', '1033', '1091', '1098', '101', '1078'];

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'carecode-web-ssr-'));
  const built = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'error',
      '--outDir',
      dir,
      '--emptyOutDir',
    ],
    {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('the web app did not build');
  t = await buildTestApp({}, { webDist: dir });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newScan(options: { isPublic?: boolean; owner?: string } = {}) {
  const owner = await createOwner(t, options.owner ?? `ssr-${nextAddress()}`);
  const qrId = await createQr(t, owner.id, { isPublic: options.isPublic, fullName: 'Asha Verma' });
  const { scanId } = await scan(t, qrId);
  return { owner, qrId, scanId: scanId! };
}

const page = (scanId: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({
    url: `/scans/${scanId}${query}`,
    headers: { 'accept-language': 'en-IN,en;q=0.9', ...headers },
    remoteAddress: nextAddress(),
  });

/** The data block the page embeds for hydration. */
function embedded(body: string): unknown {
  const match = body.match(/<script type="application\/json" id="scan-data">(.*?)<\/script>/);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]);
}

const telLinks = (body: string) => [...body.matchAll(/href="tel:(\d+)"/g)].map((m) => m[1]);

describe('GET /scans/{scanId}, drawn on the server', () => {
  it("answers the owner's details, call and WhatsApp links, the numbers and the location prompt in English", async () => {
    const { scanId } = await newScan();
    const res = await page(scanId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toContain('Accept-Language');
    const body = res.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<title>Scanned QR · CareCode</title>');
    expect(body).toContain('<h1 class="text-2xl font-bold text-slate-900">Scanned QR details</h1>');
    expect(body).toContain('Asha Verma');
    expect(body).toContain('Ravi Verma');
    expect(body).toContain('aria-label="Call Ravi Verma at 9876543210"');
    expect(body).toContain('href="https://wa.me/919876543210"');
    expect(body).toContain('Emergency Numbers (India)');
    expect(telLinks(body)).toEqual(['9876543210', ...SCAN_NUMBERS]);
    expect(body).toContain('aria-label="Call 112, All-in-one Emergency"');
    expect(body).toContain('Your location could make a difference');
    expect(body).toContain('Allow Location');
    expect(body).toContain(`<noscript><p class="mt-1 font-medium text-slate-900">${NO_SCRIPT_EN}`);
    // The data it was drawn from, the same the API answers, for the browser to hydrate from:
    // nothing more to fetch.
    const api = await t.app.inject({ url: `/api/scans/${scanId}`, remoteAddress: nextAddress() });
    expect(embedded(body)).toEqual({ language: 'en', session: api.json() });
    expect(body).not.toContain('as="fetch"');
    expect(res.headers.link ?? '').not.toContain('/api/scans/');
    // Its stylesheet inline, so nothing but the HTML stands between the phone and the page; its
    // script (for what needs script) not hinted early, to leave the bandwidth to the HTML.
    expect(body).toMatch(/<style>[^<]*\.bg-red-50\{/);
    expect(body).not.toContain('rel="stylesheet"');
    expect(body).toMatch(
      /<script type="module" crossorigin src="\/assets\/scan-[\w-]+\.js"><\/script>/,
    );
    expect(res.headers.link).toBeUndefined();
  });

  it('answers in Hindi for a browser that prefers Hindi', async () => {
    const { scanId } = await newScan();
    const res = await page(scanId, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<html lang="hi">');
    expect(body).toContain('<title>स्कैन किया गया QR · CareCode</title>');
    expect(body).toContain('स्कैन किए गए QR का विवरण');
    expect(body).toContain('आपकी लोकेशन बड़ा फ़र्क ला सकती है');
    expect(body).toContain(NO_SCRIPT_HI);
    expect(body).toContain('आपातकालीन नंबर (भारत)');
    expect(body).toContain('Asha Verma');
    expect(telLinks(body)).toEqual(['9876543210', ...SCAN_NUMBERS]);
    expect(body).toContain('href="https://wa.me/919876543210"');
    expect((embedded(body) as { language: string }).language).toBe('hi');
    // Its Hindi texts for the script are preloaded, in the HTML and the Link header.
    expect(body).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/scan-texts-hi-[\w-]+\.js" \/>/,
    );
    expect(res.headers.link).toMatch(/<\/assets\/scan-texts-hi-[\w-]+\.js>; rel=modulepreload/);
    // The language switch leads back to English.
    expect(body).toContain('<input type="hidden" name="lang" value="en"/>');
  });

  it('takes the language asked for in the address (the switch without script), then the remembered one', async () => {
    const { scanId } = await newScan();
    const asked = await page(scanId, {}, '?lang=hi');
    expect(asked.body).toContain('<html lang="hi">');
    expect(asked.body).toContain('स्कैन किए गए QR का विवरण');
    const remembered = await page(scanId, { cookie: 'other=1; carecode.language=hi' });
    expect(remembered.body).toContain('<html lang="hi">');
    const english = await page(scanId, { cookie: 'carecode.language=en' }, '?lang=xx');
    expect(english.body).toContain('<html lang="en">');
  });

  it('answers a private QR with 403, the restricted message and the numbers, no details', async () => {
    const { scanId } = await newScan({ isPublic: false });
    const res = await page(scanId);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Access restricted');
    expect(res.body).toContain('This QR code is private. Only its owner can see its details.');
    expect(res.body).not.toContain('Asha Verma');
    expect(res.body).not.toContain('Your location could make a difference');
    expect(telLinks(res.body)).toEqual(SCAN_NUMBERS);
    expect(embedded(res.body)).toEqual({
      language: 'en',
      error: { status: 403, code: 'QR_PRIVATE' },
    });
    const hindi = await page(scanId, { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(403);
    expect(hindi.body).toContain('पहुँच प्रतिबंधित');
    expect(telLinks(hindi.body)).toEqual(SCAN_NUMBERS);
  });

  it('answers an expired session with 410 and an unknown one with 404, both with the numbers', async () => {
    const { scanId } = await newScan();
    await t.database.db
      .update(scans)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(scans.id, scanId));
    const expired = await page(scanId);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(LOAD_FAILED.replace("'", '&#x27;'));
    expect(expired.body).not.toContain('Asha Verma');
    expect(telLinks(expired.body)).toEqual(SCAN_NUMBERS);
    expect(embedded(expired.body)).toEqual({
      language: 'en',
      error: { status: 410, code: 'SCAN_EXPIRED' },
    });

    const unknown = await page('no-such-scan', { 'accept-language': 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('हम स्कैन की जानकारी लोड नहीं कर सके।');
    expect(telLinks(unknown.body)).toEqual(SCAN_NUMBERS);
  });

  it('answers a QR over its monthly quota with its details but no location prompt', async () => {
    const owner = await createOwner(t, 'ssr-quota');
    const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
    let scanId = '';
    for (let i = 0; i < 11; i += 1) scanId = (await scan(t, qrId)).scanId!;
    const res = await page(scanId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Asha Verma');
    expect(telLinks(res.body)).toEqual(['9876543210', ...SCAN_NUMBERS]);
    expect(res.body).not.toContain('Your location could make a difference');
    expect(
      (embedded(res.body) as { session: { quotaExceeded: boolean } }).session.quotaExceeded,
    ).toBe(true);
  });

  it("leads with the lost banner and the owner's message, which cannot break out of the data block", async () => {
    const { qrId, scanId } = await newScan();
    const message = 'Reward offered </script><script>alert(1)</script> & thanks';
    await t.database.db
      .update(qrCodes)
      .set({ lostAt: new Date(), lostMessage: message })
      .where(eq(qrCodes.id, qrId));
    const res = await page(scanId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This item is reported lost');
    expect(res.body).toContain(
      'Reward offered &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks',
    );
    expect(res.body).not.toContain('<script>alert(1)');
    expect(
      (embedded(res.body) as { session: { qr: { lost: { message: string } } } }).session.qr.lost
        .message,
    ).toBe(message);
  });

  it('has no inline script to run: its one inline block is JSON data, under the CSP', async () => {
    const { scanId } = await newScan();
    const res = await page(scanId);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toEqual([
      ' type="application/json" id="runtime-config"',
      ' type="application/json" id="scan-data"',
    ]);
  });

  it('sends the page compressed for a browser that takes it, well under 14 KB', async () => {
    const { scanId } = await newScan();
    const res = await t.app.inject({
      url: `/scans/${scanId}`,
      headers: { 'accept-encoding': 'gzip, deflate' },
      remoteAddress: nextAddress(),
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.rawPayload.length).toBeLessThan(14 * 1024);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('Asha Verma');
  });

  it("answers 429 past the scan calls' limit: busy, when to try again, the numbers, in the scanner's language", async () => {
    const { scanId } = await newScan();
    const address = nextAddress();
    await awaitFreshWindow(scanRateLimits.session.windowSeconds);
    for (let i = 0; i < scanRateLimits.session.max; i += 1) {
      const ok = await t.app.inject({ url: `/scans/${scanId}`, remoteAddress: address });
      expect(ok.statusCode).toBe(200);
    }
    const busy = await t.app.inject({
      url: `/scans/${scanId}`,
      headers: { 'accept-language': 'hi' },
      remoteAddress: address,
    });
    expect(busy.statusCode).toBe(429);
    const seconds = Number(busy.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(busy.body).toContain('<html lang="hi">');
    expect(busy.body).toContain('अभी बहुत से लोग स्कैन कर रहे हैं');
    expect(busy.body).toContain(`${seconds} सेकंड बाद फिर से प्रयास करें।`);
    expect(busy.body).not.toContain('Asha Verma');
    expect(telLinks(busy.body)).toEqual(SCAN_NUMBERS);
    expect(embedded(busy.body)).toEqual({
      language: 'hi',
      error: { status: 429, code: 'RATE_LIMITED', params: { seconds } },
    });
  });

  it('draws a code whose owner hides their numbers with no digit of them, in either language', async () => {
    const owner = await createOwner(t, `ssr-hidden-${nextAddress()}`, 'PREMIUM');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: {
        type: 'LUGGAGE',
        hideNumbers: true,
        details: {
          description: 'Blue suitcase',
          ownerContact: { name: 'Arjun', phoneNumber: '9867503421' },
          emergencyContact: { name: 'Ravi Kumar', phoneNumber: '9123456780' },
        },
      },
    });
    const qrId = created.json().id as string;
    const { scanId } = await scan(t, qrId);
    for (const language of ['en', 'hi']) {
      const res = await page(scanId!, { 'accept-language': language });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Blue suitcase');
      expect(res.body).toContain(
        language === 'en'
          ? 'Call Owner Contact (number hidden)'
          : 'मालिक का संपर्क को कॉल करें (नंबर छिपा है)',
      );
      // No 4-digit run of either number, once the random ids are taken out.
      const text = res.body.replaceAll(scanId!, '').replaceAll(qrId, '');
      for (const phone of ['9867503421', '9123456780']) {
        for (let at = 0; at + 4 <= phone.length; at += 1) {
          expect(text).not.toContain(phone.slice(at, at + 4));
        }
      }
      expect(telLinks(res.body)).toEqual(SCAN_NUMBERS);
    }
  });

  it('serves the app for an id the scan URL never makes', async () => {
    const res = await page('a'.repeat(65));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="scan-data"');
  });

  it("draws an organisation's code under its band (logo, name, colour, 'Protected by CareCode'), in English and Hindi", async () => {
    const org = await createOrganizationFixture(t, 'ssr-brand', 'Sunrise School');
    const at = new Date('2026-11-23T10:00:00.000Z');
    await t.database.db
      .update(organizations)
      .set({
        brandColor: '#1e3a8a',
        logo: Buffer.from('png'),
        logoType: 'image/png',
        logoUpdatedAt: at,
      })
      .where(eq(organizations.id, org.id));
    const qrId = await createQr(t, org.owner.id, { fullName: 'Asha Verma' });
    await t.database.db.update(qrCodes).set({ organizationId: org.id }).where(eq(qrCodes.id, qrId));
    const logoUrl = `/api/organizations/${org.id}/logo?v=${at.getTime()}`;
    for (const [acceptLanguage, protectedBy] of [
      ['en-IN,en;q=0.9', 'Protected by CareCode'],
      ['hi-IN,hi;q=0.9', 'CareCode द्वारा सुरक्षित'],
    ]) {
      const { scanId } = await scan(t, qrId);
      const res = await page(scanId!, { 'accept-language': acceptLanguage });
      expect(res.statusCode).toBe(200);
      const band = res.body.match(/<section aria-label="Sunrise School"[^>]*>.*?<\/section>/)![0];
      expect(band).toContain('background-color:#1E3A8A');
      expect(band).toContain(
        `<img src="${logoUrl.replaceAll('&', '&amp;')}" alt="" width="40" height="40"`,
      );
      expect(band).toContain(`<p class="font-bold break-words">Sunrise School</p>`);
      expect(band).toContain(`<p class="text-sm">${protectedBy}</p>`);
      // The band comes first and takes nothing away: every number is still on the page.
      expect(res.body.indexOf(band)).toBeLessThan(res.body.indexOf('Asha Verma'));
      expect(telLinks(res.body)).toEqual(['9876543210', ...SCAN_NUMBERS]);
      // Its classes are in the page's own inline stylesheet.
      expect(res.body).toMatch(/<style>[^<]*\.size-10\{/);
      const api = await t.app.inject({ url: `/api/scans/${scanId}`, remoteAddress: nextAddress() });
      expect(api.json().branding).toEqual({ name: 'Sunrise School', color: '#1E3A8A', logoUrl });
      expect((embedded(res.body) as { session: unknown }).session).toEqual(api.json());
    }

    // Still small: the branded page compressed stays well under 14 KB.
    const { scanId } = await scan(t, qrId);
    const zipped = await t.app.inject({
      url: `/scans/${scanId}`,
      headers: { 'accept-encoding': 'gzip, deflate' },
      remoteAddress: nextAddress(),
    });
    expect(zipped.rawPayload.length).toBeLessThan(14 * 1024);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toContain('Protected by CareCode');
  });

  it('paints the app red for a brand colour too light for white text, and no band for a personal code', async () => {
    const org = await createOrganizationFixture(t, 'ssr-light', 'Green Cabs');
    await t.database.db
      .update(organizations)
      .set({ brandColor: '#FEF08A' })
      .where(eq(organizations.id, org.id));
    const qrId = await createQr(t, org.owner.id);
    await t.database.db.update(qrCodes).set({ organizationId: org.id }).where(eq(qrCodes.id, qrId));
    const { scanId } = await scan(t, qrId);
    const branded = await page(scanId!);
    const band = branded.body.match(/<section aria-label="Green Cabs"[^>]*>.*?<\/section>/)![0];
    expect(band).toContain('background-color:#B91C1C');
    expect(band).not.toContain('FEF08A');
    expect(band).not.toContain('<img');

    const personal = await newScan();
    const res = await page(personal.scanId);
    expect(res.body).not.toContain('Protected by CareCode');
    expect(res.body).not.toContain('data-brand-color');
    expect((embedded(res.body) as { session: { branding: unknown } }).session.branding).toBeNull();
  });
});
