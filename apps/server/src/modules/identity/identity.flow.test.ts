import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import {
  decodeJwt,
  exchangeCode,
  followToCallback,
  refresh,
  registerAndGetTokens,
  startAuthorization,
  TestBrowser,
  type TokenSet,
} from './oidc-flow.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const newAccount = (phone?: string) => ({
  email: `flow-${(counter += 1)}@example.com`,
  password: 'secret1',
  ...(phone ? { phone } : {}),
});

const me = (accessToken: string, app = t.app) =>
  app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

/** The refresh request exactly as oidc-client-ts sends it during silent renewal. */
const renew = (browser: TestBrowser, refreshToken: string) =>
  refresh(browser, refreshToken, { scope: 'openid email phone', resource: t.config.apiBaseUrl });

async function providerKeys() {
  const res = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
  return createLocalJWKSet(res.json() as { keys: JWK[] });
}

describe('discovery', () => {
  it('names the issuer under PUBLIC_URL/oidc, code flow only, S256 only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    const metadata = res.json();
    expect(metadata.issuer).toBe('http://localhost:8080/oidc');
    expect(metadata.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(metadata.token_endpoint).toBe('http://localhost:8080/oidc/token');
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'phone']));
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['email', 'email_verified', 'phone_number', 'groups']),
    );
    // Session monitoring in the web app stays idle without a check-session iframe.
    expect(metadata.check_session_iframe).toBeUndefined();
  });

  it('publishes only public signing keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const [key] = res.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', kid: t.keys.jwks.keys[0].kid });
    expect(key.d).toBeUndefined();
  });
});

describe('sign-in with authorization code + PKCE', () => {
  it('sends the browser to the web app sign-in page through the interaction address', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { res, uid } = await startAuthorization(browser);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/oidc/interaction/${uid}`);
    const page = await browser.request({ method: 'GET', url: `/oidc/interaction/${uid}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/login?uid=${uid}`);
  });

  it('issues a JWT access token for the API that GET /api/user/me accepts', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const account = newAccount('9876543210');
    const tokens = await registerAndGetTokens(browser, account);
    const { header, payload } = decodeJwt(tokens.access_token);
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(payload).toMatchObject({
      iss: 'http://localhost:8080/oidc',
      aud: 'http://localhost:8080/api',
      client_id: 'carecode-web',
      scope: 'openid email phone',
      email: account.email,
      email_verified: false,
      phone_number: '9876543210',
      groups: [],
    });
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: account.email,
      emailVerified: false,
      phone: '9876543210',
      plan: 'FREE',
      ownedPlan: 'FREE',
      paidPlan: null,
      paidPeriod: null,
      planExpiresAt: null,
      groups: [],
    });
  });

  it('puts email, email_verified, phone_number and groups in the signed ID token', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const account = newAccount('9123456780');
    const tokens = await registerAndGetTokens(browser, account);
    const { payload } = await jwtVerify(tokens.id_token, await providerKeys(), {
      issuer: 'http://localhost:8080/oidc',
      audience: 'carecode-web',
    });
    expect(payload).toMatchObject({
      email: account.email,
      email_verified: false,
      phone_number: '9123456780',
      groups: [],
    });
    expect(typeof payload.sub).toBe('string');
  });

  it('answers the same claims from userinfo for a sign-in without the API resource', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const account = newAccount('9000000001');
    const tokens = await registerAndGetTokens(browser, account, { resource: null });
    expect(tokens.access_token.split('.')).toHaveLength(1); // opaque, meant for userinfo
    const res = await browser.request({
      method: 'GET',
      url: '/oidc/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: account.email,
      email_verified: false,
      phone_number: '9000000001',
      groups: [],
    });
    // ...and the API refuses a token that was not issued for it.
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('accepts the resource parameter in the code exchange too', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { uid, verifier } = await startAuthorization(browser);
    const registered = await browser.request({
      method: 'POST',
      url: `/oidc/interaction/${uid}/register`,
      payload: { email: newAccount().email, password: 'secret1', confirmPassword: 'secret1' },
    });
    const callback = await followToCallback(browser, registered.json().redirectTo);
    const res = await exchangeCode(browser, callback.searchParams.get('code') ?? '', verifier, {
      resource: t.config.apiBaseUrl,
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).payload.aud).toBe(t.config.apiBaseUrl);
  });

  it('rejects a code exchange with the wrong code_verifier', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { uid } = await startAuthorization(browser);
    const registered = await browser.request({
      method: 'POST',
      url: `/oidc/interaction/${uid}/register`,
      payload: { email: newAccount().email, password: 'secret1', confirmPassword: 'secret1' },
    });
    const callback = await followToCallback(browser, registered.json().redirectTo);
    const res = await exchangeCode(
      browser,
      callback.searchParams.get('code') ?? '',
      'x'.repeat(43),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('accepts only S256: a plain code challenge is refused', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { res } = await startAuthorization(browser, {
      challengeMethod: 'plain',
      challenge: 'a'.repeat(43),
    });
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/callback');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('requires PKCE: a request without a code challenge is refused', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const params = new URLSearchParams({
      client_id: 'carecode-web',
      redirect_uri: 'http://localhost:8080/callback',
      response_type: 'code',
      scope: 'openid email phone',
      state: 'abc',
    });
    const res = await browser.request({ method: 'GET', url: `/oidc/auth?${params}` });
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses an unregistered redirect address with the error page', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const params = new URLSearchParams({
      client_id: 'carecode-web',
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await browser.request({ method: 'GET', url: `/oidc/auth?${params}` });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^http:\/\/localhost:8080\/error\?message=/);
  });
});

describe('browser calls to the token endpoint', () => {
  const tokenCall = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=nope&client_id=carecode-web',
    });

  it('are allowed from the site itself and refused from another origin', async () => {
    const own = await tokenCall('http://localhost:8080');
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(own.json().error).toBe('invalid_grant');
    const foreign = await tokenCall('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error_description).toMatch(/origin/i);
  });
});

describe('refresh tokens (silent renewal)', () => {
  it('renews with the refresh token as the web client sends it, rotating it', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await registerAndGetTokens(browser, newAccount());
    expect(tokens.refresh_token).toBeTruthy();
    const res = await renew(browser, tokens.refresh_token ?? '');
    expect(res.statusCode).toBe(200);
    const renewed = res.json() as TokenSet;
    expect(decodeJwt(renewed.access_token).header.typ).toBe('at+jwt');
    expect(decodeJwt(renewed.access_token).payload.aud).toBe(t.config.apiBaseUrl);
    expect(renewed.id_token).toBeTruthy();
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(renewed.access_token)).statusCode).toBe(200);
    // The rotated-out refresh token no longer works.
    const reused = await renew(browser, tokens.refresh_token ?? '');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('renews without the resource parameter too, still for the API', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await registerAndGetTokens(browser, newAccount());
    const res = await refresh(browser, tokens.refresh_token ?? '');
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().access_token).payload.aud).toBe(t.config.apiBaseUrl);
  });

  it('carries the new plan groups after the plan changes (basic, then premium)', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await registerAndGetTokens(browser, newAccount());
    const subject = String(decodeJwt(tokens.access_token).payload.sub);
    const users = createUsersRepository(t.database.db);
    const user = await users.findBySubject(subject);
    await users.setPlan(user?.id ?? '', 'BASIC');

    const basic = (await renew(browser, tokens.refresh_token ?? '')).json() as TokenSet;
    expect(decodeJwt(basic.id_token).payload.groups).toEqual(['basic']);
    const res = await me(basic.access_token);
    expect(res.json()).toMatchObject({ plan: 'BASIC', groups: ['basic'] });

    await users.setPlan(user?.id ?? '', 'PREMIUM');
    const premium = (await renew(browser, basic.refresh_token ?? '')).json() as TokenSet;
    expect(decodeJwt(premium.access_token).payload.groups).toEqual(['premium']);
    expect((await me(premium.access_token)).json().groups).toEqual(['premium']);
  });
});

describe('sessions survive a restart', () => {
  it('a second app on the same database and keys honours the session and refresh token', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const account = newAccount();
    const tokens = await registerAndGetTokens(browser, account);

    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      identityKeys: t.keys,
    });
    try {
      await restarted.ready();
      const again = new TestBrowser(restarted, t.config);
      for (const [name, value] of browser.cookies) again.cookies.set(name, value);

      const res = await renew(again, tokens.refresh_token ?? '');
      expect(res.statusCode).toBe(200);
      expect((await me(res.json().access_token, restarted)).json().email).toBe(account.email);

      // The browser's provider session still signs in without a form (silent sign-in).
      const silent = await startAuthorization(again, { prompt: 'none' });
      const location = new URL(String(silent.res.headers.location), t.config.publicUrl);
      expect(location.pathname).toBe('/callback');
      expect(location.searchParams.get('code')).toBeTruthy();
    } finally {
      await restarted.close();
    }
  });
});

describe('GET /oidc/logout', () => {
  it('ends the provider session and its refresh tokens, then returns to the site', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await registerAndGetTokens(browser, newAccount());
    expect(browser.cookies.has('_session')).toBe(true);

    const res = await browser.request({
      method: 'GET',
      url: '/oidc/logout?client_id=carecode-web&logout_uri=http%3A%2F%2Flocalhost%3A8080',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:8080/');
    expect(browser.cookies.has('_session')).toBe(false);

    expect((await renew(browser, tokens.refresh_token ?? '')).json().error).toBe('invalid_grant');
    const silent = await startAuthorization(browser, { prompt: 'none' });
    const location = new URL(String(silent.res.headers.location));
    expect(location.searchParams.get('error')).toBe('login_required');
  });

  it('refuses a return address other than the site, and another client', async () => {
    const wrongUri = await t.app.inject({
      method: 'GET',
      url: '/oidc/logout?client_id=carecode-web&logout_uri=https%3A%2F%2Fevil.example',
    });
    expect(wrongUri.statusCode).toBe(400);
    expect(wrongUri.json()).toEqual({
      code: 'LOGOUT_INVALID',
      message: 'This logout request is not valid.',
    });
    const wrongClient = await t.app.inject({
      method: 'GET',
      url: '/oidc/logout?client_id=other&logout_uri=http%3A%2F%2Flocalhost%3A8080',
    });
    expect(wrongClient.statusCode).toBe(400);
  });
});
