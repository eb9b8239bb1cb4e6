import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createIdentityKeysRepository } from './identity-keys.repository.ts';
import { fileKeyStore, KEYS_KEPT, loadIdentityKeys, rotateKeys, type KeyStore } from './keys.ts';

let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-keys-'));
  dirs.push(dir);
  return dir;
};

const stores: Array<[string, () => Promise<KeyStore>]> = [
  ['a file in DATA_DIR', async () => fileKeyStore(newDir())],
  [
    'the database',
    async () => {
      const repository = createIdentityKeysRepository(t.database.db);
      await t.database.db.execute(sql`delete from identity_keys`);
      return repository;
    },
  ],
];

describe.each(stores)('identity keys kept in %s', (_name, makeStore) => {
  it('are generated once: every later load (another replica, a restart) gets the same keys', async () => {
    const store = await makeStore();
    const first = await loadIdentityKeys({ store });
    const again = await loadIdentityKeys({ store });
    expect(again).toEqual(first);
    expect(first.jwks.keys).toHaveLength(1);
    expect(first.jwks.keys[0]).toMatchObject({ alg: 'RS256', use: 'sig', kty: 'RSA' });
    expect(first.cookieKeys).toHaveLength(1);
  });

  it('rotate: a new key signs first, older ones stay to verify, at most KEYS_KEPT', async () => {
    const store = await makeStore();
    const original = await loadIdentityKeys({ store });
    const rotated = await rotateKeys(store);
    expect(rotated.jwks.keys).toHaveLength(2);
    expect(rotated.jwks.keys[1].kid).toBe(original.jwks.keys[0].kid);
    expect(rotated.jwks.keys[0].kid).not.toBe(original.jwks.keys[0].kid);
    expect(rotated.cookieKeys[1]).toBe(original.cookieKeys[0]);
    expect(await loadIdentityKeys({ store })).toEqual(rotated);
    for (let i = 0; i < 5; i += 1) await rotateKeys(store);
    const after = await loadIdentityKeys({ store });
    expect(after.jwks.keys).toHaveLength(KEYS_KEPT);
    expect(after.cookieKeys).toHaveLength(KEYS_KEPT);
  });
});

describe('identity keys', () => {
  it('keeps the key file readable by its owner only', async () => {
    const dir = newDir();
    await loadIdentityKeys({ store: fileKeyStore(dir) });
    expect(statSync(path.join(dir, 'identity-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('takes OIDC_JWKS and OIDC_COOKIE_KEYS over stored keys', async () => {
    const store = fileKeyStore(newDir());
    const stored = await loadIdentityKeys({ store });
    const given = await loadIdentityKeys({
      store,
      jwks: JSON.stringify(stored.jwks),
      cookieKeys: 'one,two',
    });
    expect(given.cookieKeys).toEqual(['one', 'two']);
  });
});
