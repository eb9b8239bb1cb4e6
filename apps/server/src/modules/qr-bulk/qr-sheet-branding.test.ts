import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CARD_BAND } from '@carecode/domain/organizations/branding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { organizationMembers, organizations, qrCodes } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createOrganizationFixture } from '../organizations/organizations.test-kit.ts';
import { sheetOptions } from './qr-bulk.service.ts';
import { planSheet, type SheetCard } from './qr-sheet.pdf.ts';
import { decodeCell, pixelAt, rasterise } from './qr-sheet.test-kit.ts';

const API = 'https://api.carecode.example/api';
const PX = 0.75;
const LOGO_GREEN = '#16A34A';

/** Two colours within a few steps of each other on every channel (rasterising resamples). */
const isNear = (a: string, b: string) =>
  [1, 3, 5].every(
    (at) => Math.abs(parseInt(a.slice(at, at + 2), 16) - parseInt(b.slice(at, at + 2), 16)) <= 6,
  );

let t: TestApp;
let headers: { authorization: string };
let cards: SheetCard[];
let logoBytes: number;

const person = (fullName: string) => ({
  fullName,
  emergencyContact: { name: 'Ravi Verma', phoneNumber: '9876543210' },
});

beforeAll(async () => {
  t = await buildTestApp({ API_BASE_URL: API });
  // The owner of two organisations: a dark blue one with a logo, a light yellow one without.
  const blue = await createOrganizationFixture(t, 'sheet-blue', 'Sunrise School');
  const logo = await sharp({
    create: { width: 64, height: 64, channels: 3, background: LOGO_GREEN },
  })
    .png()
    .toBuffer();
  logoBytes = logo.length;
  await t.database.db
    .update(organizations)
    .set({ brandColor: '#1E3A8A', logo, logoType: 'image/png', logoUpdatedAt: new Date() })
    .where(eq(organizations.id, blue.id));
  const yellowId = newId();
  await t.database.db
    .insert(organizations)
    .values({ id: yellowId, name: 'Green Cabs', ownerId: blue.owner.id, brandColor: '#FEF08A' });
  await t.database.db
    .insert(organizationMembers)
    .values({ organizationId: yellowId, userId: blue.owner.id, role: 'owner' });
  headers = blue.owner.headers;
  const made = (organizationId: string | null, i: number) => ({
    id: newId(),
    type: 'PERSON' as const,
    details: person(`Person ${i}`),
    organizationId,
  });
  const rows = [
    ...Array.from({ length: 5 }, (_, i) => made(blue.id, i)),
    ...Array.from({ length: 2 }, (_, i) => made(yellowId, 10 + i)),
    made(null, 20),
  ];
  await t.database.db
    .insert(qrCodes)
    .values(rows.map((row) => ({ ...row, ownerId: blue.owner.id })));
  const branding = { name: '', color: '', logo: null };
  cards = rows.map(({ id, type, details, organizationId }) => ({
    id,
    type,
    details,
    branding: organizationId ? branding : null,
  }));
});

afterAll(async () => {
  await t?.close();
});

describe("an organisation's codes on the print sheet", () => {
  it('carry its band in its colour (the app red when too light) with its logo, and every code decodes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/sheet.pdf?theme=classic-white&ids=${cards.map((card) => card.id).join(',')}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    // The logo is embedded once for its five cards (the deflated PNG, not once a card).
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pdf.length).toBeLessThan(5 * logoBytes + 60_000);

    const pages = await rasterise(pdf);
    const plan = planSheet(cards, sheetOptions(t.config, { theme: 'classic-white' }));
    expect(pages).toHaveLength(plan.length);
    const decoded: string[] = [];
    const bands: string[] = [];
    const logos: boolean[] = [];
    plan.forEach((cells, index) => {
      const page = pages[index];
      for (const cell of cells) {
        decoded.push(decodeCell(page, cell) ?? 'undecoded');
        const u = cell.metrics.scale * PX;
        const pad = 14 * u;
        const bandMiddle = cell.y + pad + (CARD_BAND.height * u) / 2;
        // Just inside the band's left end, clear of its rounded corner and of what it holds.
        bands.push(pixelAt(page, cell.x + pad + 5 * u, bandMiddle));
        // The logo: some pixel across the band's middle row is its green.
        let hasGreen = false;
        for (let x = cell.x + pad; x < cell.x + cell.metrics.width - pad; x += 0.5) {
          if (isNear(pixelAt(page, x, bandMiddle), LOGO_GREEN)) hasGreen = true;
        }
        logos.push(hasGreen);
      }
    });
    expect(decoded).toEqual(cards.map((card) => `${API}/qr-codes/${card.id}/scan`));
    expect(bands).toEqual([
      ...Array(5).fill('#1E3A8A'),
      ...Array(2).fill('#B91C1C'),
      // The personal code has no band: the card's own white there.
      '#FFFFFF',
    ]);
    expect(logos).toEqual([...Array(5).fill(true), false, false, false]);
  });

  it('draws the name and "Protected by CareCode" on the band', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/sheet.pdf',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [cards[0].id] }),
    });
    const text = execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString();
    expect(text).toContain('Sunrise School');
    expect(text).toContain('Protected by CareCode');
  });
});
