import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { readUnsubscribeToken, unsubscribeToken } from './alert-links.ts';
import { loadAlertKeys } from './alert-keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { alertDispatch: 'manual' });
});
afterAll(async () => t.close());

describe('alert keys', () => {
  it('are generated once and kept (DATA_DIR on PGlite, the database on PostgreSQL)', async () => {
    const again = await loadAlertKeys(t.database, t.config);
    expect(again.vapid.publicKey).toBe(t.app.alerts.keys.vapid.publicKey);
    expect(again.vapid.privateKey).toBe(t.app.alerts.keys.vapid.privateKey);
    expect(again.linkKey.equals(t.app.alerts.keys.linkKey)).toBe(true);
    expect(again.vapid.subject).toBe('mailto:support@localhost');
  });

  it('take a VAPID pair from the environment when given', async () => {
    const pair = { vapidPublicKey: `B${'C'.repeat(86)}`, vapidPrivateKey: 'D'.repeat(43) };
    const keys = await loadAlertKeys(t.database, {
      ...t.config,
      push: { ...pair, vapidSubject: 'https://carecode.example' },
    });
    expect(keys.vapid).toEqual({
      publicKey: pair.vapidPublicKey,
      privateKey: pair.vapidPrivateKey,
      subject: 'https://carecode.example',
    });
  });

  it('sign unsubscribe links that name their recipient and cannot be altered', () => {
    const key = t.app.alerts.keys.linkKey;
    const owner = unsubscribeToken(key, { kind: 'owner', qrId: 'qr123' });
    expect(readUnsubscribeToken(key, owner)).toEqual({ kind: 'owner', qrId: 'qr123' });
    const guardian = unsubscribeToken(key, { kind: 'guardian', guardianId: 'g1' });
    expect(readUnsubscribeToken(key, guardian)).toEqual({ kind: 'guardian', guardianId: 'g1' });
    // Another recipient under the same signature, or another key, is refused.
    expect(readUnsubscribeToken(key, owner.replace('qr123', 'qr124'))).toBeUndefined();
    expect(readUnsubscribeToken(Buffer.alloc(32), owner)).toBeUndefined();
    expect(readUnsubscribeToken(key, 'nonsense')).toBeUndefined();
  });
});
