import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client.ts';
import { readJsonFile, writeJsonOnce } from '../../lib/write-once-file.ts';
import { createIdentityKeysRepository } from './identity-keys.repository.ts';

export interface IdentityKeys {
  /** Private signing keys (JWK with kid, alg, use) for the provider. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

/** Keys kept after a rotation: the new one signs, the two before it still verify. */
export const KEYS_KEPT = 3;

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

const generateCookieKey = () => randomBytes(32).toString('base64url');

async function generateKeys(): Promise<IdentityKeys> {
  return { jwks: { keys: [await generateSigningKey()] }, cookieKeys: [generateCookieKey()] };
}

/**
 * A rotation: a new signing key and cookie key go first (they sign from the next start on); the
 * previous ones stay to verify the tokens and cookies they signed until those expire, up to
 * KEYS_KEPT of each.
 */
export async function rotateKeys(store: KeyStore): Promise<IdentityKeys> {
  const signingKey = await generateSigningKey();
  const cookieKey = generateCookieKey();
  return store.update((current) => ({
    jwks: { keys: [signingKey, ...current.jwks.keys].slice(0, KEYS_KEPT) },
    cookieKeys: [cookieKey, ...current.cookieKeys].slice(0, KEYS_KEPT),
  }));
}

/** The key store of a deployment: its PostgreSQL database, else its data folder. */
export function keyStoreOf(database: Database, dataDir: string): KeyStore {
  return database.kind === 'pglite'
    ? fileKeyStore(dataDir)
    : createIdentityKeysRepository(database.db);
}

/** Where generated keys are kept: the database (PostgreSQL) or a file in DATA_DIR. */
export interface KeyStore {
  read(): Promise<IdentityKeys | undefined>;
  /** Stores `keys` unless some were stored first; answers the stored ones. */
  insertOnce(keys: IdentityKeys): Promise<IdentityKeys>;
  update(change: (current: IdentityKeys) => IdentityKeys): Promise<IdentityKeys>;
}

export function fileKeyStore(dataDir: string): KeyStore {
  const file = path.join(dataDir, 'identity-keys.json');
  const read = async () => readJsonFile<IdentityKeys>(file);
  return {
    read,
    insertOnce: async (keys) => writeJsonOnce(file, keys),
    async update(change) {
      const current = await read();
      if (!current) throw new Error('No identity keys are stored yet: start the server once.');
      const next = change(current);
      writeFileSync(file, JSON.stringify(next), { mode: 0o600 });
      return next;
    },
  };
}

/**
 * Signing and cookie keys: taken from the environment when given (OIDC_JWKS, OIDC_COOKIE_KEYS),
 * else generated once into the store (the database on PostgreSQL, so replicas with empty data
 * folders share them; else DATA_DIR), so restarts keep sessions and tokens valid; with neither,
 * kept in memory (tests).
 */
export async function loadIdentityKeys(options: {
  store?: KeyStore;
  jwks?: string;
  cookieKeys?: string;
}): Promise<IdentityKeys> {
  if (options.jwks) {
    return {
      jwks: JSON.parse(options.jwks) as IdentityKeys['jwks'],
      cookieKeys: options.cookieKeys?.split(',') ?? [generateCookieKey()],
    };
  }
  if (!options.store) return generateKeys();
  const stored =
    (await options.store.read()) ?? (await options.store.insertOnce(await generateKeys()));
  return options.cookieKeys ? { ...stored, cookieKeys: options.cookieKeys.split(',') } : stored;
}

export function publicJwks(keys: IdentityKeys): { keys: JWK[] } {
  return {
    keys: keys.jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
