import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { qrCodes } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { sheetOptions } from './qr-bulk.service.ts';
import { planSheet, type SheetCard } from './qr-sheet.pdf.ts';

const run = promisify(execFile);
const API = 'https://api.carecode.example/api';
const DPI = 150;

let t: TestApp;
let ownerHeaders: { authorization: string };
let otherHeaders: { authorization: string };
let cards: SheetCard[];
let otherId: string;

const contacts = {
  ownerContact: { name: 'Meera', phoneNumber: '9876543210' },
  emergencyContact: { name: 'Arjun', phoneNumber: '9876543211' },
};
const detailsOf = (type: SheetCard['type'], i: number): Record<string, unknown> => {
  switch (type) {
    case 'CHILD':
      return {
        fullName: `Child ${i}`,
        schoolContact: contacts.ownerContact,
        emergencyContact: contacts.emergencyContact,
        medicalDetails: { bloodGroup: 'O_POSITIVE' },
      };
    case 'PERSON':
      return {
        fullName: i === 1 ? 'आरव शर्मा' : `Person ${i}`,
        emergencyContact: contacts.emergencyContact,
      };
    case 'VEHICLE':
      return { numberPlate: `MH12AB${1000 + i}`, modelDescription: 'Swift', ...contacts };
    case 'LUGGAGE':
      return { description: `Blue suitcase ${i}`, ...contacts };
    default:
      return { deviceName: `Phone ${i}`, ...contacts };
  }
};

beforeAll(async () => {
  t = await buildTestApp({ API_BASE_URL: API });
  ownerHeaders = await t.authHeaders({ subject: 'sheet-owner' });
  otherHeaders = await t.authHeaders({ subject: 'sheet-other' });
  const users = createUsersRepository(t.database.db);
  const owner = await users.ensure({ subject: 'sheet-owner' });
  const other = await users.ensure({ subject: 'sheet-other' });
  const types = ['CHILD', 'PERSON', 'VEHICLE', 'LUGGAGE', 'LOCKSCREEN'] as const;
  // 13 codes of every kind: more than one page at the medium size.
  cards = Array.from({ length: 13 }, (_, i) => {
    const type = types[i % types.length];
    return { id: newId(), type, details: detailsOf(type, i) };
  });
  await t.database.db
    .insert(qrCodes)
    .values(cards.map((card) => ({ ...card, ownerId: owner.id, details: card.details as never })));
  otherId = newId();
  await t.database.db.insert(qrCodes).values({
    id: otherId,
    ownerId: other.id,
    type: 'LUGGAGE',
    details: detailsOf('LUGGAGE', 99) as never,
  });
});

afterAll(async () => {
  await t?.close();
});

/** Rasterises the PDF at 150 dpi and decodes the code in every card's cell of every page. */
async function decodeEveryCard(pdf: Buffer, choice: { size?: string; theme?: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-sheet-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      String(DPI),
      '-png',
      path.join(dir, 'sheet.pdf'),
      path.join(dir, 'page'),
    ]);
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(readFileSync(path.join(dir, name))));
    const plan = planSheet(cards, sheetOptions(t.config, choice));
    expect(pages).toHaveLength(plan.length);
    const decoded: string[] = [];
    plan.forEach((cells, pageIndex) => {
      const page = pages[pageIndex];
      for (const cell of cells) {
        const scale = DPI / 72;
        const left = Math.floor(cell.x * scale);
        const top = Math.floor(cell.y * scale);
        const width = Math.ceil(cell.metrics.width * scale);
        const height = Math.ceil(cell.metrics.height * scale);
        const crop = new Uint8ClampedArray(width * height * 4);
        for (let row = 0; row < height; row += 1) {
          const from = ((top + row) * page.width + left) * 4;
          crop.set(page.data.subarray(from, from + width * 4), row * width * 4);
        }
        const code = jsQR(crop, width, height);
        decoded.push(code?.data ?? `undecoded card on page ${pageIndex + 1}`);
      }
    });
    return { decoded, pages: pages.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /api/qr-codes/sheet.pdf', () => {
  it('draws every code on A4 pages, each decoding to its scan URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/sheet.pdf?ids=${cards.map((card) => card.id).join(',')}`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="carecode-qr-sheet.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { decoded, pages } = await decodeEveryCard(res.rawPayload, {});
    expect(pages).toBeGreaterThan(1);
    expect(decoded.sort()).toEqual(cards.map((card) => `${API}/qr-codes/${card.id}/scan`).sort());
  });

  it('fits nine small cards a page in the chosen theme, every code decoding', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/sheet.pdf',
      headers: { ...ownerHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: cards.map((card) => card.id), size: 'small', theme: 'pink' }),
    });
    expect(res.statusCode).toBe(200);
    const { decoded, pages } = await decodeEveryCard(res.rawPayload, {
      size: 'small',
      theme: 'pink',
    });
    expect(planSheet(cards, sheetOptions(t.config, { size: 'small' }))[0]).toHaveLength(9);
    expect(pages).toBe(2);
    expect(new Set(decoded)).toEqual(
      new Set(cards.map((card) => `${API}/qr-codes/${card.id}/scan`)),
    );
  });

  it("answers 404 when any id is another owner's, and for the other owner itself", async () => {
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/sheet.pdf?ids=${cards[0].id},${otherId}`,
      headers: ownerHeaders,
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/sheet.pdf?ids=${cards[0].id}`,
      headers: otherHeaders,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses no ids, more than 2,000, an unknown theme or size', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['ids=', { ids: 'Required' }],
      [
        `ids=${Array.from({ length: 2001 }, (_, i) => `id${i}`).join(',')}`,
        { ids: 'Choose at most 2000 codes for one sheet.' },
      ],
      [`ids=${cards[0].id}&theme=neon`, { theme: 'Invalid value' }],
      [`ids=${cards[0].id}&size=huge`, { size: 'Invalid value' }],
    ];
    for (const [query, fields] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/qr-codes/sheet.pdf?${query}`,
        headers: ownerHeaders,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
  });
});
