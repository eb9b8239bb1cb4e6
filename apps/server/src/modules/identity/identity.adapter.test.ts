import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createAdapterFactory } from './identity.adapter.ts';
import { createOidcModelsRepository } from './identity.repository.ts';

let t: TestApp;
let adapterFor: ReturnType<typeof createAdapterFactory>;
beforeAll(async () => {
  t = await buildTestApp();
  adapterFor = createAdapterFactory(createOidcModelsRepository(t.database.db));
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('provider storage adapter (oidc_models)', () => {
  it('stores, replaces and finds a model by id', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.find('s1')).toEqual({ jti: 's1', uid: 'u1', accountId: 'a' });
    await sessions.upsert('s1', { jti: 's1', uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'b' });
    expect(await sessions.find('missing')).toBeUndefined();
  });

  it('keeps models apart: the same id under another model is another record', async () => {
    await adapterFor('Grant').upsert('same', { kind: 'Grant' }, 60);
    await adapterFor('Interaction').upsert('same', { kind: 'Interaction' }, 60);
    expect(await adapterFor('Grant').find('same')).toEqual({ kind: 'Grant' });
    expect(await adapterFor('Interaction').find('same')).toEqual({ kind: 'Interaction' });
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await adapterFor('Session').upsert('s2', { jti: 's2', uid: 'uid-2' }, 60);
    await adapterFor('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await adapterFor('Session').findByUid('uid-2')).toMatchObject({ jti: 's2' });
    expect(await adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({
      userCode: 'ABCD-EFGH',
    });
    expect(await adapterFor('Session').findByUid('nope')).toBeUndefined();
  });

  it('marks a consumed model with the time it was consumed', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    const found = await codes.find('c1');
    expect(found?.consumed).toBeTypeOf('number');
    expect(Math.abs((found?.consumed ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('destroys one model, and revokes every token of a grant', async () => {
    const tokens = adapterFor('RefreshToken');
    await tokens.upsert('r1', { grantId: 'g-9' }, 60);
    await tokens.upsert('r2', { grantId: 'g-9' }, 60);
    await tokens.upsert('r3', { grantId: 'g-other' }, 60);
    await adapterFor('AccessToken').upsert('a1', { grantId: 'g-9' }, 60);
    await tokens.destroy('r3');
    expect(await tokens.find('r3')).toBeUndefined();
    await tokens.revokeByGrantId('g-9');
    expect(await tokens.find('r1')).toBeUndefined();
    expect(await tokens.find('r2')).toBeUndefined();
    // revokeByGrantId is per model: the provider calls it on each token model.
    expect(await adapterFor('AccessToken').find('a1')).toMatchObject({ grantId: 'g-9' });
  });

  it('honours expiresIn: an expired model is no longer found', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const interactions = adapterFor('Interaction');
    await interactions.upsert('i1', { uid: 'i1' }, 30);
    await interactions.upsert('forever', { uid: 'forever' });
    vi.setSystemTime(Date.now() + 29_000);
    expect(await interactions.find('i1')).toBeDefined();
    vi.setSystemTime(Date.now() + 2_000);
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await interactions.findByUid('i1')).toBeUndefined();
    expect(await interactions.find('forever')).toBeDefined();
    const removed = await createOidcModelsRepository(t.database.db).deleteExpired(new Date());
    expect(removed).toBeGreaterThanOrEqual(1);
  });
});
