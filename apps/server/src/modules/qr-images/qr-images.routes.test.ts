import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { qrCodes } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { awaitFreshWindow } from '../scans/scans.test-kit.ts';
import { qrPngRateLimit } from './qr-images.routes.ts';

let t: TestApp;
let ownerHeaders: { authorization: string };
let otherHeaders: { authorization: string };
let qrId: string;

beforeAll(async () => {
  t = await buildTestApp({ API_BASE_URL: 'https://api.carecode.example/api' });
  ownerHeaders = await t.authHeaders({ subject: 'qr-image-owner' });
  otherHeaders = await t.authHeaders({ subject: 'qr-image-other' });
  const owner = await createUsersRepository(t.database.db).ensure({ subject: 'qr-image-owner' });
  qrId = newId();
  await t.database.db.insert(qrCodes).values({
    id: qrId,
    ownerId: owner.id,
    type: 'LUGGAGE',
    details: {
      description: 'Blue suitcase',
      ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
      emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
    },
  });
});

afterAll(async () => {
  await t?.close();
});

const scanUrl = () => `https://api.carecode.example/api/qr-codes/${qrId}/scan`;

function decodePng(buffer: Buffer) {
  const png = PNG.sync.read(buffer);
  return { png, code: jsQR(new Uint8ClampedArray(png.data), png.width, png.height) };
}

/**
 * Draws the SVG's module path (qrcode's "M x y.5 h n m dx dy" strokes, one module high) onto a
 * white RGBA canvas, 8 pixels a module, so a real QR decoder can read it.
 */
function rasterizeSvg(svg: string) {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const scale = 8;
  const width = side * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b) - 0.5];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      const length = Number(a);
      for (let py = y * scale; py < (y + 1) * scale; py++) {
        for (let px = x * scale; px < (x + length) * scale; px++) {
          data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
        }
      }
      x += length;
    }
  }
  return { side, code: jsQR(data, width, width) };
}

describe('GET /api/qr-codes/:id/qr.svg', () => {
  it('answers the owner an SVG, black on white, that decodes to exactly the scan URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.svg`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('<path fill="#ffffff"');
    expect(res.body).toContain('<path stroke="#000000"');
    const { side, code } = rasterizeSvg(res.body);
    expect(code?.data).toBe(scanUrl());
    // level H for a URL of this length needs version 6 (41 modules) plus the quiet zone of 4.
    expect(side).toBeGreaterThanOrEqual(41 + 8);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${qrId}/qr.svg` });
    expect(res.statusCode).toBe(401);
  });

  it("answers another owner's QR with 404, exactly like a missing one", async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.svg`,
      headers: otherHeaders,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${newId()}/qr.svg`,
      headers: ownerHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'QR_NOT_FOUND', message: 'QR code not found.' });
    expect(missing.json()).toEqual(foreign.json());
  });
});

describe('GET /api/qr-codes/:id/qr.png', () => {
  it('answers a 1024 px PNG by default that decodes to exactly the scan URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { png, code } = decodePng(res.rawPayload);
    expect([png.width, png.height]).toEqual([1024, 1024]);
    expect(code?.data).toBe(scanUrl());
    // the corner pixel lies in the white quiet zone
    expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it.each([128, 2048])('honours size=%i (the bounds)', async (size) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png?size=${size}`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(200);
    const { png, code } = decodePng(res.rawPayload);
    expect(png.width).toBe(size);
    expect(code?.data).toBe(scanUrl());
  });

  it.each(['127', '2049', 'abc', '300.5', '-200', ''])('rejects size=%j with 400', async (size) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png?size=${size}`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it(`limits an owner to ${qrPngRateLimit.max} PNG downloads a minute, with the error model's 429`, async () => {
    const headers = await t.authHeaders({ subject: 'qr-image-busy' });
    const busy = await createUsersRepository(t.database.db).ensure({ subject: 'qr-image-busy' });
    const busyQr = newId();
    await t.database.db.insert(qrCodes).values({
      id: busyQr,
      ownerId: busy.id,
      type: 'LUGGAGE',
      details: {
        description: 'Red bag',
        ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
        emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
      },
    });
    await awaitFreshWindow(qrPngRateLimit.windowSeconds);
    const answers = [];
    for (let i = 0; i <= qrPngRateLimit.max; i += 1) {
      answers.push(
        await t.app.inject({
          method: 'GET',
          url: `/api/qr-codes/${busyQr}/qr.png?size=128`,
          headers,
        }),
      );
    }
    expect(answers.slice(0, -1).every((res) => res.statusCode === 200)).toBe(true);
    // Repeats are the same image (drawn once, then cached).
    expect(answers[1].rawPayload.equals(answers[0].rawPayload)).toBe(true);
    const over = answers.at(-1)!;
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    // Another owner is not affected.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png?size=128`,
      headers: ownerHeaders,
    });
    expect(other.statusCode).toBe(200);
  });

  it('rejects unknown query parameters with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png?colour=red`,
      headers: ownerHeaders,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a token and 404 for another owner or a missing QR', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/qr-codes/${qrId}/qr.png` });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/qr.png?size=256`,
      headers: otherHeaders,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${newId()}/qr.png`,
      headers: ownerHeaders,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
  });
});
