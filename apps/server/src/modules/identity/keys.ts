import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface IdentityKeys {
  /** Private signing keys (JWK with kid, alg, use) for the provider. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function generateKeys(): Promise<IdentityKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Signing and cookie keys: taken from the environment when given, else generated once into
 * DATA_DIR (so restarts keep sessions and tokens valid), else kept in memory (tests).
 */
export async function loadIdentityKeys(options: {
  dataDir?: string;
  jwks?: string;
  cookieKeys?: string;
}): Promise<IdentityKeys> {
  if (options.jwks) {
    return {
      jwks: JSON.parse(options.jwks) as IdentityKeys['jwks'],
      cookieKeys: options.cookieKeys?.split(',') ?? [randomBytes(32).toString('base64url')],
    };
  }
  if (!options.dataDir) return generateKeys();
  const file = path.join(options.dataDir, 'identity-keys.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as IdentityKeys;
  } catch {
    const keys = await generateKeys();
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  }
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
