import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createOwner, createQr, nextAddress, scan } from './scans.test-kit.ts';

// SCAN_SESSION_SECONDS=1: a session answers for one second, then 410.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SCAN_SESSION_SECONDS: '1' });
});
afterAll(async () => {
  await t?.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scan session expiry', () => {
  it('answers the session while it lasts, then 410 with a message; location too', async () => {
    const owner = await createOwner(t, 'expiry-owner');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/scans/${scanId}`, remoteAddress: nextAddress() });
    const locate = (latitude: number, longitude: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/scans/${scanId}/location`,
        payload: { latitude, longitude },
        remoteAddress: nextAddress(),
      });
    expect((await read()).statusCode).toBe(200);
    expect((await locate(12.97, 77.59)).statusCode).toBe(204);

    await wait(1100);

    const expired = await read();
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['cache-control']).toBe('no-store');
    expect(expired.json()).toEqual({
      code: 'SCAN_EXPIRED',
      message: 'This scan session has expired. Please rescan the QR code.',
    });
    const late = await locate(19.07, 72.87);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({
      code: 'SCAN_EXPIRED',
      message: 'This scan session has expired. Please rescan the QR code.',
    });

    // The earlier location stays; the late one was not stored.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/scans/',
      headers: owner.headers,
    });
    expect(history.json().items[0].location).toEqual({
      latitude: 12.97,
      longitude: 77.59,
      gpsEnabled: true,
    });

    // A rescan opens a fresh session.
    const again = await scan(t, qrId);
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/api/scans/${again.scanId}`,
      remoteAddress: nextAddress(),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('defaults to 180 seconds', async () => {
    expect(t.config.scanSessionSeconds).toBe(1);
    const { loadConfig } = await import('../../config/env.ts');
    expect(loadConfig({}).scanSessionSeconds).toBe(180);
  });
});
