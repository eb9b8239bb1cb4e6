import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../config/env.ts';

/** A tiny browser for `app.inject`: keeps cookies and follows the sign-in redirects by hand. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly config: Config,
    /** The client address the app sees (login slow-down counts per address). */
    readonly address = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = options.url.startsWith('http') ? new URL(options.url) : undefined;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.inject({
      ...options,
      url: url ? `${url.pathname}${url.search}` : options.url,
      remoteAddress: this.address,
      headers: {
        host: new URL(this.config.publicUrl).host,
        ...(cookie ? { cookie } : {}),
        ...(options.headers ?? {}),
      },
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface AuthorizeOptions {
  resource?: string | null;
  challengeMethod?: string;
  challenge?: string;
  prompt?: string;
}

/** Starts sign-in like the web app does; answers the interaction uid (or the raw answer). */
export async function startAuthorization(browser: TestBrowser, options: AuthorizeOptions = {}) {
  const { config } = browser;
  const pkce = pkcePair();
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: config.oidc.clientId,
    redirect_uri: `${config.publicUrl}/callback`,
    response_type: 'code',
    scope: 'openid email phone',
    state,
    nonce: randomBytes(8).toString('hex'),
    code_challenge: options.challenge ?? pkce.challenge,
    code_challenge_method: options.challengeMethod ?? 'S256',
  });
  if (options.prompt) params.set('prompt', options.prompt);
  const resource = options.resource === undefined ? config.apiBaseUrl : options.resource;
  if (resource) params.set('resource', resource);
  const res = await browser.request({ method: 'GET', url: `/oidc/auth?${params}` });
  const location = String(res.headers.location ?? '');
  const uid = location.match(/\/oidc\/interaction\/([^/?]+)/)?.[1];
  return { res, uid, state, verifier: pkce.verifier };
}

/** Follows the provider's redirects after an interaction until the /callback address. */
export async function followToCallback(browser: TestBrowser, redirectTo: string) {
  let url = redirectTo;
  for (let hop = 0; hop < 5; hop += 1) {
    if (url.startsWith(`${browser.config.publicUrl}/callback`)) return new URL(url);
    const res = await browser.request({ method: 'GET', url });
    if (res.statusCode !== 302 && res.statusCode !== 303) {
      throw new Error(`expected a redirect from ${url}, got ${res.statusCode}: ${res.body}`);
    }
    url = new URL(String(res.headers.location), browser.config.publicUrl).toString();
  }
  throw new Error('too many redirects');
}

export async function exchangeCode(
  browser: TestBrowser,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
) {
  const { config } = browser;
  return browser.request({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${config.publicUrl}/callback`,
      client_id: config.oidc.clientId,
      code_verifier: verifier,
      ...extra,
    }).toString(),
  });
}

export async function refresh(
  browser: TestBrowser,
  refreshToken: string,
  extra: Record<string, string> = {},
) {
  return browser.request({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: browser.config.oidc.clientId,
      ...extra,
    }).toString(),
  });
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** Registers a new account through the interaction API and signs in: answers the token set. */
export async function registerAndGetTokens(
  browser: TestBrowser,
  account: { email: string; password: string; phone?: string },
  options: AuthorizeOptions = {},
): Promise<TokenSet> {
  const { uid, verifier } = await startAuthorization(browser, options);
  if (!uid) throw new Error('no interaction started');
  const res = await browser.request({
    method: 'POST',
    url: `/oidc/interaction/${uid}/register`,
    payload: { ...account, confirmPassword: account.password },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const callback = await followToCallback(browser, res.json().redirectTo);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  const tokens = await exchangeCode(browser, code, verifier);
  if (tokens.statusCode !== 200) throw new Error(`token failed: ${tokens.body}`);
  return tokens.json() as TokenSet;
}

export const decodeJwt = (token: string) => {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
};
