import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  downloadFileName,
  LOCKSCREEN_BACKGROUNDS,
  sizesByKind,
  TEXT_COLORS,
  themesByKind,
  VEHICLE_LAYOUTS,
  type DesignerKind,
} from '../src/features/designer/options/designer-options.ts';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, screenshotDir, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

const contact = (name: string) => ({ name, phoneNumber: '9876543210' });
const detailsByType = {
  CHILD: {
    fullName: 'Aarav Sharma',
    schoolName: 'Sunrise Public School',
    schoolContact: contact('Meera Sharma'),
    emergencyContact: contact('Ravi Sharma'),
    medicalDetails: { bloodGroup: 'O_POSITIVE' },
  },
  PERSON: { fullName: 'Asha Rao', emergencyContact: contact('Ravi Rao') },
  VEHICLE: {
    numberPlate: 'MH12AB1234',
    modelDescription: 'White Swift',
    ownerContact: contact('Asha Rao'),
    emergencyContact: contact('Ravi Rao'),
  },
  LUGGAGE: {
    description: 'Blue hard-shell suitcase',
    ownerContact: contact('Asha Rao'),
    emergencyContact: contact('Ravi Rao'),
  },
  LOCKSCREEN: {
    deviceName: 'Pixel 8',
    ownerContact: contact('Asha Rao'),
    emergencyContact: contact('Ravi Rao'),
  },
} as const;
type QrType = keyof typeof detailsByType;

/** Creates a QR with the signed-in page's own access token and answers its id. */
async function createQr(page: Page, type: QrType): Promise<string> {
  return page.evaluate(
    async ({ type, details }) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
      const user = JSON.parse(window.localStorage.getItem(key!)!) as { access_token: string };
      const response = await fetch('/api/qr-codes/', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type, details }),
      });
      if (response.status !== 201) throw new Error(`create ${type}: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    { type, details: detailsByType[type] },
  );
}

/** A signed-in owner (a Free owner may hold 2 QRs) with a designer page per QR. */
async function openDesigners(types: QrType[], options: { mobile?: boolean } = {}) {
  const page = await newPage(browser, options);
  await registerAndSignIn(page, baseUrl);
  const ids = [];
  for (const type of types) ids.push(await createQr(page, type));
  return { page, ids };
}

async function gotoDesigner(page: Page, id: string) {
  await page.goto(`${baseUrl}/qr-data/${id}`);
  const designer = page.getByRole('region', { name: 'Printable QR' });
  await designer.getByRole('button', { name: 'Download' }).waitFor();
  return designer;
}

async function choose(designer: Locator, group: string, option: string) {
  const radio = designer
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: option, exact: true });
  // the radio itself is visually hidden; people click its chip (the label)
  await radio.locator('xpath=ancestor::label[1]').click();
  expect(await radio.isChecked()).toBe(true);
}

interface Exported {
  name: string;
  width: number;
  height: number;
  text: string | undefined;
}

/** Clicks Download, reads the PNG the browser saved and decodes its QR. */
async function downloadAndDecode(
  page: Page,
  designer: Locator,
  keepAs?: string,
): Promise<Exported> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    designer.getByRole('button', { name: 'Download' }).click(),
  ]);
  // a few exports are kept to look at: they are what owners print
  if (keepAs) await download.saveAs(path.join(screenshotDir, `${keepAs}.png`));
  const png = PNG.sync.read(await readFile(await download.path()));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, {
    inversionAttempts: 'dontInvert',
  });
  return {
    name: download.suggestedFilename(),
    width: png.width,
    height: png.height,
    text: code?.data,
  };
}

const scanUrl = (id: string) => `${baseUrl}/api/qr-codes/${id}/scan`;
const sizeLabel = (kind: DesignerKind, size: { label: string; width: number }) =>
  kind === 'lockscreen' ? size.label : `${size.label} (${size.width} px)`;

/** What inside the card spills out of it or is cut off (text included): nothing, we hope. */
async function overflowing(card: Locator): Promise<string[]> {
  return card.evaluate((node: HTMLElement) => {
    const outer = node.getBoundingClientRect();
    return [...node.querySelectorAll<HTMLElement>('*')]
      .filter((child) => {
        const box = child.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false; // not drawn (e.g. an SVG <title>)
        const inside =
          box.left >= outer.left - 1 &&
          box.right <= outer.right + 1 &&
          box.top >= outer.top - 1 &&
          box.bottom <= outer.bottom + 1;
        const clipped = child.clientWidth > 0 && child.scrollWidth > child.clientWidth + 1;
        return !inside || clipped;
      })
      .map((child) => `${child.tagName} "${child.textContent?.slice(0, 30)}"`);
  });
}

/** Every theme x size (x layout) of a card kind downloads to a PNG that decodes to the scan URL. */
async function checkCardKind(page: Page, id: string, kind: DesignerKind, layouts: string[] = ['']) {
  const designer = await gotoDesigner(page, id);
  const card = designer.locator('[data-designer-card]');
  let checked = 0;
  for (const layout of layouts) {
    if (layout) await choose(designer, 'Layout', layout);
    for (const theme of themesByKind[kind]) {
      await choose(designer, 'Theme', theme.label);
      for (const size of sizesByKind[kind]) {
        await choose(designer, 'Size', sizeLabel(kind, size));
        const box = await card.evaluate((node: HTMLElement) => [
          node.offsetWidth,
          node.offsetHeight,
        ]);
        expect(await overflowing(card), `${kind} ${layout} ${theme.label} ${size.label}`).toEqual(
          [],
        );
        const keep =
          size.id === 'medium'
            ? `export-${kind}${layout ? `-${layout.toLowerCase()}` : ''}-${theme.id}`
            : undefined;
        const exported = await downloadAndDecode(page, designer, keep);
        const where = `${kind} ${layout} ${theme.label} ${size.label}`;
        expect(exported.name, where).toBe(downloadFileName(kind));
        expect(exported.text, where).toBe(scanUrl(id));
        // exported at 4 pixels a CSS pixel
        expect(exported.width, where).toBe(box[0] * 4);
        checked += 1;
      }
    }
    await screenshot(page, `designer-${kind}${layout ? `-${layout.toLowerCase()}` : ''}`);
  }
  return checked;
}

describe('printable QR designer', () => {
  it('child and person: every theme and size exports a PNG that scans to the QR', async () => {
    const { page, ids } = await openDesigners(['CHILD', 'PERSON']);
    expect(await checkCardKind(page, ids[0], 'child')).toBe(12);
    expect(await checkCardKind(page, ids[1], 'person')).toBe(12);
    await page.context().close();
  }, 240_000);

  it('vehicle (every layout) and luggage: every combination exports a PNG that scans', async () => {
    const { page, ids } = await openDesigners(['VEHICLE', 'LUGGAGE']);
    expect(
      await checkCardKind(
        page,
        ids[0],
        'vehicle',
        VEHICLE_LAYOUTS.map((layout) => layout.label),
      ),
    ).toBe(36);
    const designer = page.getByRole('region', { name: 'Printable QR' });
    expect(await designer.locator('[data-designer-card]').getByText('MH 12 AB 1234').count()).toBe(
      1,
    );
    expect(await checkCardKind(page, ids[1], 'luggage')).toBe(12);
    await page.context().close();
  }, 300_000);

  it('lockscreen: every theme, size, background and text colour exports a 1080x2160 wallpaper that scans', async () => {
    const { page, ids } = await openDesigners(['LOCKSCREEN']);
    const [id] = ids;
    const designer = await gotoDesigner(page, id);
    const card = designer.locator('[data-designer-card]');
    expect(await card.getByText('Scan for Emergency Info').count()).toBe(1);
    let round = 0;
    for (const background of LOCKSCREEN_BACKGROUNDS) {
      await choose(designer, 'Background', background.label);
      for (const theme of themesByKind.lockscreen) {
        await choose(designer, 'Theme', theme.label);
        for (const size of sizesByKind.lockscreen) {
          await choose(designer, 'Size', size.label);
          // alternate the text colours so each background sees both
          const textColor = TEXT_COLORS[round++ % 2];
          await choose(designer, 'Text colour', textColor.label);
          const qrWidth = await card.getByRole('img', { name: /QR code/ }).getAttribute('width');
          expect(Number(qrWidth)).toBe(Math.round(140 * size.scale));
          expect(await overflowing(card)).toEqual([]);
          const keep =
            size.id === 'medium' ? `export-lockscreen-${background.id}-${theme.id}` : undefined;
          const exported = await downloadAndDecode(page, designer, keep);
          const where = `${background.label} ${theme.label} ${size.label} ${textColor.label}`;
          expect(exported, where).toEqual({
            name: 'carecode-lockscreen-qr.png',
            width: 1080,
            height: 2160,
            text: scanUrl(id),
          });
        }
      }
    }
    expect(round).toBe(48);
    await page.context().close();
  }, 300_000);

  it("refuses a .gif background with 'JPG/PNG/WebP only'; a PNG of one's own stays local and scans", async () => {
    const { page, ids } = await openDesigners(['LOCKSCREEN']);
    const designer = await gotoDesigner(page, ids[0]);
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    const upload = designer.getByLabel('Upload your own');
    await upload.setInputFiles({
      name: 'cat.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'),
    });
    await expect.poll(() => messages).toEqual(['JPG/PNG/WebP only']);
    expect(await designer.getByRole('radio', { name: 'Your picture' }).count()).toBe(0);

    // a colourful picture of our own: nothing is sent to the server
    const own = new PNG({ width: 90, height: 180 });
    for (let y = 0; y < 180; y++) {
      for (let x = 0; x < 90; x++) {
        const i = (y * 90 + x) * 4;
        own.data.set([(x * 37) % 256, (y * 13) % 256, 160, 255], i);
      }
    }
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') uploads.push(request.url());
    });
    await upload.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG.sync.write(own),
    });
    expect(await designer.getByRole('radio', { name: 'Your picture' }).isChecked()).toBe(true);
    // prepared in the page: a JPEG data URL cropped to the wallpaper's 1080x2160
    const picture = designer.locator('[data-designer-card] img').first();
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(
      await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([1080, 2160]);
    for (const color of TEXT_COLORS) {
      await choose(designer, 'Text colour', color.label);
      const exported = await downloadAndDecode(
        page,
        designer,
        `export-lockscreen-upload-${color.id}`,
      );
      expect(exported.text).toBe(scanUrl(ids[0]));
    }
    expect(uploads).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('prints only the card, at its real size', async () => {
    const { page, ids } = await openDesigners(['VEHICLE']);
    const designer = await gotoDesigner(page, ids[0]);
    await choose(designer, 'Layout', 'Badge');
    const card = designer.locator('[data-designer-card]');
    const realWidth = await card.evaluate((node: HTMLElement) => node.offsetWidth);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await designer.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await designer.getByRole('button', { name: 'Download' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);
    const box = await card.boundingBox();
    expect(box?.width).toBe(realWidth);
    await screenshot(page, 'designer-print-vehicle-badge');
    // after the dialog closes the page prints normally again
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);

  it('fits a phone screen and speaks Hindi', async () => {
    const { page, ids } = await openDesigners(['VEHICLE', 'CHILD'], { mobile: true });
    const designer = await gotoDesigner(page, ids[0]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, 'designer-vehicle-mobile');
    await page.evaluate(() => window.localStorage.setItem('carecode.language', 'hi'));
    await page.goto(`${baseUrl}/qr-data/${ids[1]}`);
    const hindi = page.getByRole('region', { name: 'प्रिंट करने योग्य QR' });
    await hindi.getByRole('button', { name: 'डाउनलोड करें' }).waitFor();
    expect(await hindi.getByRole('radio', { name: 'आसमानी नीला' }).isChecked()).toBe(true);
    await screenshot(page, 'designer-child-mobile-hi');
    void designer;
    await page.context().close();
  }, 120_000);
});
