import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { organizations, qrCodes } from '../../db/schema/index.ts';
import { createOrganizationFixture } from '../organizations/organizations.test-kit.ts';
import { createOwner, createQr, nextAddress, scan } from './scans.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A code of a new organisation with this colour (and logo time), scanned once. */
async function scannedOrganizationCode(
  prefix: string,
  brandColor: string | null,
  logoUpdatedAt: Date | null = null,
) {
  const org = await createOrganizationFixture(t, prefix, 'Sunrise School');
  await t.database.db
    .update(organizations)
    .set({
      brandColor,
      logoUpdatedAt,
      logo: logoUpdatedAt ? Buffer.from('png') : null,
      logoType: logoUpdatedAt ? 'image/png' : null,
    })
    .where(eq(organizations.id, org.id));
  const qrId = await createQr(t, org.owner.id, { fullName: 'Asha Verma' });
  await t.database.db.update(qrCodes).set({ organizationId: org.id }).where(eq(qrCodes.id, qrId));
  const { scanId } = await scan(t, qrId);
  return { org, scanId: scanId! };
}

const session = async (scanId: string) =>
  (await t.app.inject({ url: `/api/scans/${scanId}`, remoteAddress: nextAddress() })).json() as {
    branding: unknown;
    qr: { details: { fullName: string } };
  };

describe("the scan session of an organisation's code", () => {
  it('carries its name, its colour and its logo address', async () => {
    const at = new Date('2026-11-23T10:00:00.123Z');
    const { org, scanId } = await scannedOrganizationCode('branding-blue', '#1d4ed8', at);
    const answer = await session(scanId);
    expect(answer.branding).toEqual({
      name: 'Sunrise School',
      color: '#1D4ED8',
      logoUrl: `/api/organizations/${org.id}/logo?v=${at.getTime()}`,
    });
    expect(answer.qr.details.fullName).toBe('Asha Verma');
  });

  it('falls back to the app red for a colour too light for white text, and for none', async () => {
    for (const [prefix, color] of [
      ['branding-yellow', '#FEF08A'],
      ['branding-grey', '#777777'],
      ['branding-none', null],
    ] as const) {
      const { scanId } = await scannedOrganizationCode(prefix, color);
      expect(await session(scanId)).toMatchObject({
        branding: { name: 'Sunrise School', color: '#B91C1C', logoUrl: null },
      });
    }
  });

  it('is null for a personal code', async () => {
    const owner = await createOwner(t, 'branding-personal', 'BUSINESS');
    const { scanId } = await scan(t, await createQr(t, owner.id));
    expect((await session(scanId!)).branding).toBeNull();
  });
});
