import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { organizationAudit, organizations } from '../../db/schema/index.ts';
import type { Owner } from '../scans/scans.test-kit.ts';
import { logoUrlOf } from './branding.ts';
import { createOrganizationFixture, type OrganizationFixture } from './organizations.test-kit.ts';

let t: TestApp;
let base: string;
let org: OrganizationFixture;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await createOrganizationFixture(t, 'logo');
});
afterAll(async () => {
  await t.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A picture carrying a camera name and a GPS position in its EXIF. */
async function pictureWithExif(
  format: 'jpeg' | 'png' | 'webp',
  width = 2000,
  height = 1000,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } }).withExif({
    IFD0: { Make: 'TestCamMaker', Model: 'TestCam 9' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 5000/100' },
  });
  return (
    format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg()
  ).toBuffer();
}

const form = (data: Buffer | string, name: string, type: string, field = 'logo') => {
  const body = new FormData();
  body.append(field, new Blob([data], { type }), name);
  return body;
};

const put = (orgId: string, body: FormData, who?: Owner) =>
  fetch(`${base}/api/organizations/${orgId}/logo`, {
    method: 'PUT',
    body,
    headers: who ? who.headers : {},
  });

const auditOf = async (organizationId: string) =>
  (
    await t.database.db
      .select()
      .from(organizationAudit)
      .where(eq(organizationAudit.organizationId, organizationId))
      .orderBy(organizationAudit.id)
  ).map((row) => ({ action: row.action, actorId: row.actorId, data: row.data }));

describe('PUT /api/organizations/{id}/logo', () => {
  it('takes PNG, JPEG and WebP and keeps a PNG of at most 512 px without EXIF', async () => {
    for (const [format, type, who] of [
      ['png', 'image/png', org.owner],
      ['jpeg', 'image/jpeg', org.admin],
      ['webp', 'image/webp', org.owner],
    ] as const) {
      const original = await pictureWithExif(format);
      // The test's own picture does carry what must go.
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await put(org.id, form(original, `logo.${format}`, type), who);
      expect(res.status).toBe(200);
      const { logoUrl } = (await res.json()) as { logoUrl: string };
      const [row] = await t.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, org.id));
      expect(logoUrl).toBe(logoUrlOf(org.id, row.logoUpdatedAt));
      expect(logoUrl).toMatch(new RegExp(`^/api/organizations/${org.id}/logo\\?v=\\d{13}$`));
      expect(row.logoType).toBe('image/png');
      expect(row.logo!.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      const stored = await sharp(row.logo!).metadata();
      expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
        format: 'png',
        width: 512,
        height: 256,
      });
      expect(stored.exif).toBeUndefined();
      expect(row.logo!.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('keeps a small logo at its size (never enlarged)', async () => {
    const res = await put(
      org.id,
      form(await pictureWithExif('png', 120, 40), 'small.png', 'image/png'),
      org.admin,
    );
    expect(res.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, org.id));
    const stored = await sharp(row.logo!).metadata();
    expect([stored.width, stored.height]).toEqual([120, 40]);
  });

  it('refuses an SVG, a GIF and a text file named .png with 400 LOGO_INVALID', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const body of [
      form(svg, 'logo.svg', 'image/svg+xml'),
      form(Buffer.from(svg), 'logo.png', 'image/png'),
      form(gif, 'logo.gif', 'image/gif'),
      form('hello', 'logo.png', 'image/png'),
    ]) {
      const res = await put(org.id, body, org.owner);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'LOGO_INVALID',
        message: 'The logo must be a PNG, JPEG or WebP image.',
      });
    }
  });

  it('refuses a file over 2 MB with 413 LOGO_TOO_LARGE', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const res = await put(org.id, form(big, 'big.png', 'image/png'), org.owner);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: 'LOGO_TOO_LARGE',
      message: 'The logo must be at most 2 MB.',
    });
  });

  it('asks for the field `logo`', async () => {
    const png = await pictureWithExif('png', 20, 20);
    const wrong = await put(org.id, form(png, 'logo.png', 'image/png', 'photo'), org.owner);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { photo: 'Unknown field' } });
    const none = await fetch(`${base}/api/organizations/${org.id}/logo`, {
      method: 'PUT',
      headers: { ...org.owner.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ fields: { logo: 'Required' } });
  });

  it('answers a member 403, an outsider and a missing organisation 404, anyone unsigned 401', async () => {
    const png = () => form(Buffer.from(PNG_SIGNATURE), 'logo.png', 'image/png');
    const member = await put(org.id, png(), org.member);
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({
      code: 'ORGANIZATION_ROLE',
      message: 'Only an admin of this organisation can do this.',
    });
    const outsider = await put(org.id, png(), org.outsider);
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' });
    expect((await put('no-such-organization', png(), org.owner)).status).toBe(404);
    expect((await put(org.id, png())).status).toBe(401);
  });
});

describe('GET and DELETE /api/organizations/{id}/logo', () => {
  it('serves the logo to anyone, cached for long at its versioned address', async () => {
    const other = await createOrganizationFixture(t, 'logo-get', 'Green Cabs');
    const missing = await fetch(`${base}/api/organizations/${other.id}/logo`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      code: 'LOGO_NOT_FOUND',
      message: 'Logo not found.',
    });

    const set = await put(
      other.id,
      form(await pictureWithExif('jpeg', 300, 600), 'l.jpg', 'image/jpeg'),
      other.owner,
    );
    const { logoUrl } = (await set.json()) as { logoUrl: string };
    const url = `${base}${logoUrl}`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 512]);

    // An old or missing version is checked again each time, never pinned.
    const unversioned = await fetch(`${base}/api/organizations/${other.id}/logo`);
    expect(unversioned.headers.get('cache-control')).toBe('public, no-cache');
    const etag = unversioned.headers.get('etag')!;
    const again = await fetch(`${base}/api/organizations/${other.id}/logo`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    // A new logo gets a new address.
    const next = await put(
      other.id,
      form(await pictureWithExif('png', 50, 50), 'l.png', 'image/png'),
      other.admin,
    );
    expect(((await next.json()) as { logoUrl: string }).logoUrl).not.toBe(logoUrl);
    const stale = await fetch(url);
    expect(stale.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('lets an admin remove it (204), then it is gone; a member 403, an outsider 404, unsigned 401', async () => {
    const other = await createOrganizationFixture(t, 'logo-del', 'Lotus Hotel');
    await put(
      other.id,
      form(await pictureWithExif('png', 64, 64), 'l.png', 'image/png'),
      other.owner,
    );
    const del = (who?: Owner, id = other.id) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/organizations/${id}/logo`,
        headers: who?.headers ?? {},
      });
    expect((await del(other.member)).statusCode).toBe(403);
    expect((await del(other.outsider)).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(401);
    expect((await fetch(`${base}/api/organizations/${other.id}/logo`)).status).toBe(200);

    expect((await del(other.admin)).statusCode).toBe(204);
    expect((await fetch(`${base}/api/organizations/${other.id}/logo`)).status).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, other.id));
    expect([row.logo, row.logoType, row.logoUpdatedAt]).toEqual([null, null, null]);
    // Removing what is not there is still done.
    expect((await del(other.owner)).statusCode).toBe(204);

    expect(await auditOf(other.id)).toEqual([
      {
        action: 'organization.logo_set',
        actorId: other.owner.id,
        data: { width: 64, height: 64, bytes: expect.any(Number) },
      },
      { action: 'organization.logo_removed', actorId: other.admin.id, data: {} },
    ]);
  });

  it('writes one audit line per logo set, naming who set it', async () => {
    const lines = await auditOf(org.id);
    // The first test set three logos, the second one; refused uploads wrote nothing.
    expect(lines.map((line) => [line.action, line.actorId])).toEqual([
      ['organization.logo_set', org.owner.id],
      ['organization.logo_set', org.admin.id],
      ['organization.logo_set', org.owner.id],
      ['organization.logo_set', org.admin.id],
    ]);
    expect(lines[0].data).toMatchObject({ width: 512, height: 256 });
  });
});
