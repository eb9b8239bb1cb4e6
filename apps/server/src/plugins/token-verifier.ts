import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export interface VerifiedToken {
  subject: string;
  email?: string;
  emailVerified?: boolean;
  phone?: string;
  groups: string[];
  payload: JWTPayload;
}

export interface TokenVerifierOptions {
  issuer: string;
  /** The API's resource indicator (API_BASE_URL); accepted as `aud`. */
  audience: string;
  /** The web client id; accepted as `aud` or `client_id` (Cognito access tokens). */
  clientId: string;
  /** Local keys (built-in provider) or undefined to discover the issuer's JWKS. */
  jwks?: { keys: JWK[] };
}

/** A refused token: `code` names the catalog's sentence the API answers with. */
export class TokenError extends Error {
  constructor(
    readonly code: 'SESSION_EXPIRED' | 'TOKEN_INVALID',
    reason: string,
  ) {
    super(reason);
  }
}

/** Verifies bearer access tokens: signature, iss, exp, audience or client id, token use. */
export function createTokenVerifier(options: TokenVerifierOptions) {
  let keySet: JWTVerifyGetKey | undefined = options.jwks
    ? createLocalJWKSet(options.jwks)
    : undefined;

  async function getKeySet(): Promise<JWTVerifyGetKey> {
    if (keySet) return keySet;
    const response = await fetch(`${options.issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`OpenID discovery failed with ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    keySet = createRemoteJWKSet(new URL(jwksUri));
    return keySet;
  }

  return async function verify(token: string): Promise<VerifiedToken> {
    let payload: JWTPayload;
    let typ: string | undefined;
    try {
      const result = await jwtVerify(token, await getKeySet(), {
        issuer: options.issuer,
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'EdDSA'],
        requiredClaims: ['sub', 'exp'],
      });
      payload = result.payload;
      typ = result.protectedHeader.typ?.toLowerCase();
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new TokenError('SESSION_EXPIRED', 'The access token has expired.');
      throw new TokenError('TOKEN_INVALID', 'The access token did not verify.');
    }
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    // Tokens with an audience must name this API (or the client); Cognito access tokens carry
    // no audience, only client_id.
    const audienceOk = audiences.length
      ? audiences.includes(options.audience) || audiences.includes(options.clientId)
      : payload.client_id === options.clientId;
    if (!audienceOk)
      throw new TokenError('TOKEN_INVALID', 'The access token is not meant for this API.');
    const tokenUse = payload.token_use;
    const isAccessToken =
      tokenUse !== undefined
        ? tokenUse === 'access'
        : typ === 'at+jwt' || typ === 'application/at+jwt';
    if (!isAccessToken) throw new TokenError('TOKEN_INVALID', 'An access token is required.');
    const groups = (payload.groups ?? payload['cognito:groups'] ?? []) as unknown;
    return {
      subject: String(payload.sub),
      email: typeof payload.email === 'string' ? payload.email : undefined,
      emailVerified:
        typeof payload.email_verified === 'boolean' ? payload.email_verified : undefined,
      phone: typeof payload.phone_number === 'string' ? payload.phone_number : undefined,
      groups: Array.isArray(groups) ? groups.map(String) : [],
      payload,
    };
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
