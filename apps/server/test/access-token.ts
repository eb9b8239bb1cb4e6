import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { Config } from '../src/config/env.ts';
import { loadIdentityKeys, type IdentityKeys } from '../src/modules/identity/keys.ts';

export interface TokenOptions {
  subject?: string;
  email?: string;
  groups?: string[];
  phone?: string;
  /** Seconds until expiry; negative for an expired token. */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  /** Sign with a key the app does not know. */
  foreignKey?: boolean;
}

/** A bearer access token shaped as the built-in provider issues it (tests and benchmarks). */
export async function signAccessToken(
  config: Config,
  keys: IdentityKeys,
  options: TokenOptions = {},
): Promise<string> {
  const signingKeys = options.foreignKey ? await loadIdentityKeys({}) : keys;
  const jwk = signingKeys.jwks.keys[0] as JWK;
  const key = await importJWK(jwk, 'RS256');
  const subject = options.subject ?? `user-${randomBytes(4).toString('hex')}`;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    client_id: config.oidc.clientId,
    scope: 'openid email phone',
    email: options.email ?? `${subject}@example.com`,
    email_verified: true,
    ...(options.phone ? { phone_number: options.phone } : {}),
    groups: options.groups ?? [],
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(options.issuer ?? `${config.publicUrl}/oidc`)
    .setAudience(options.audience ?? config.apiBaseUrl)
    .setSubject(subject)
    .setJti(randomBytes(8).toString('hex'))
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(key);
}
