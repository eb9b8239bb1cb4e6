import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { ownerApi } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();
const run = promisify(execFile);

const header =
  'fullName,schoolName,schoolContact.name,schoolContact.phoneNumber,emergencyContact.name,' +
  'emergencyContact.phoneNumber,medicalDetails.bloodGroup,medicalDetails.medicalHistory,' +
  'medicalDetails.allergies,medicalDetails.currentMedications';

/** Writes a CSV file (with a byte-order mark, as spreadsheet apps save "CSV UTF-8"). */
function csvFile(dir: string, name: string, rows: string[]) {
  const file = path.join(dir, name);
  writeFileSync(file, `\uFEFF${[header, ...rows].join('\r\n')}\r\n`);
  return file;
}

/** Rasterises a PDF's first page at 150 dpi and decodes the code in each half of its top row. */
async function decodeFirstRow(pdf: string, dir: string): Promise<string[]> {
  await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', pdf, path.join(dir, 'page')]);
  const image = PNG.sync.read(
    readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.startsWith('page'))!,
      ),
    ),
  );
  const decoded: string[] = [];
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  for (const left of [0, width]) {
    const crop = new Uint8ClampedArray(width * height * 4);
    for (let row = 0; row < height; row += 1) {
      const from = (row * image.width + left) * 4;
      crop.set(image.data.subarray(from, from + width * 4), row * width * 4);
    }
    decoded.push(jsQR(crop, width, height)?.data ?? 'undecoded');
  }
  return decoded;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

describe('bulk creation and print sheets', () => {
  it('bulk-creates child tags from a CSV file, shows a bad file by line, and prints the sheet', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carecode-bulk-e2e-'));
    const page = await newPage(browser, { mobile: true, acceptDownloads: true });
    try {
      await registerAndSignIn(page, baseUrl);
      await page.getByRole('link', { name: 'Bulk create' }).click();
      await page.getByRole('heading', { name: 'Bulk create QR codes' }).waitFor();

      // The template of the chosen kind: the API's field paths, with a byte-order mark.
      const template = await download(page, () =>
        page.getByRole('button', { name: 'Download CSV template' }).click(),
      );
      expect(template.name).toBe('carecode-child-template.csv');
      expect(await readFile(template.path, 'utf8')).toBe(`\uFEFF${header}\r\n`);

      // A file with a bad phone and an unknown blood group: nothing created, each problem listed.
      await page
        .getByLabel('CSV file')
        .setInputFiles(
          csvFile(dir, 'bad.csv', [
            'Aarav,Sunrise School,Priya,98765,Rahul,9876543211,B+,,,',
            '"Sharma, Diya",,Priya,9876543210,Rahul,9876543211,Z+,,,',
          ]),
        );
      await page.getByRole('button', { name: 'Upload and create' }).click();
      const table = page.getByRole('table', { name: 'Problems in the file, by line and column' });
      await table.waitFor();
      expect(await table.getByRole('row').allInnerTexts()).toEqual([
        'Line\tColumn\tProblem',
        '2\tschoolContact.phoneNumber\tPhone number must be 10 digits',
        "3\tmedicalDetails.bloodGroup\tBlood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
      ]);
      await screenshot(page, 'bulk-create-errors-360');
      expect(await ownerApi<unknown[]>(page, 'GET', '/qr-codes/')).toHaveLength(0);

      // The corrected file: two tags (the Free plan's limit), one with a Hindi name.
      await page
        .getByLabel('CSV file')
        .setInputFiles(
          csvFile(dir, 'good.csv', [
            'आरव शर्मा,Sunrise School,Priya,9876543210,Rahul,9876543211,B+,,,',
            '"Sharma, Diya",,Priya,9876543210,Rahul,9876543211,O-,,"Dust,\r\npollen",',
          ]),
        );
      await page.getByRole('button', { name: 'Upload and create' }).click();
      await page.getByText('2 QR codes created').first().waitFor();
      await page.getByRole('heading', { name: '2 QR codes created' }).waitFor();
      const codes = await ownerApi<Array<{ id: string; details: { fullName: string } }>>(
        page,
        'GET',
        '/qr-codes/',
      );
      expect(codes.map((qr) => qr.details.fullName).sort()).toEqual(['Sharma, Diya', 'आरव शर्मा']);
      await screenshot(page, 'bulk-create-done-360');

      // The sheet of the new codes, straight from the success panel: both decode to scan URLs.
      const sheet = await download(page, () =>
        page.getByRole('button', { name: 'Download PDF (2 codes)' }).click(),
      );
      expect(sheet.name).toBe('carecode-qr-sheet.pdf');
      const decoded = await decodeFirstRow(sheet.path, dir);
      expect(decoded.sort()).toEqual(
        codes.map((qr) => `${baseUrl}/api/qr-codes/${qr.id}/scan`).sort(),
      );

      // And from the dashboard: select mode, tick one code, download its sheet.
      await page.getByRole('link', { name: 'Go to dashboard' }).click();
      await page.getByRole('button', { name: 'Print sheet' }).click();
      await page.getByRole('checkbox', { name: 'Select आरव शर्मा for the print sheet' }).check();
      await page.getByText('1 code selected').waitFor();
      await screenshot(page, 'dashboard-print-sheet-360');
      const one = await download(page, () =>
        page.getByRole('button', { name: 'Download PDF (1 code)' }).click(),
      );
      expect((await readFile(one.path)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await page.context().close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
