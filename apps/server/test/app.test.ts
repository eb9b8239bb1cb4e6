import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('app shell', () => {
  it('answers /api/health with {"status":"ok"} once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('accepts a trailing slash on API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the runtime config for the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      apiBaseUrl: 'http://localhost:8080/api',
      oidcAuthority: 'http://localhost:8080/oidc',
      oidcClientId: 'carecode-web',
    });
  });

  it('answers an unknown API route with 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});

describe('GET /api/user/me', () => {
  it('answers 401 with a message without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'SIGN_IN_REQUIRED',
      message: 'Please sign in to continue.',
    });
  });

  it('creates the user on the first call and answers the profile', async () => {
    const headers = await t.authHeaders({
      subject: 'me-1',
      email: 'me@example.com',
      phone: '+919876543210',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'me@example.com',
      emailVerified: true,
      phone: '+919876543210',
      plan: 'FREE',
      ownedPlan: 'FREE',
      paidPlan: null,
      paidPeriod: null,
      planExpiresAt: null,
      groups: [],
    });
    const again = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(again.statusCode).toBe(200);
  });

  const expired = {
    code: 'SESSION_EXPIRED',
    message: 'Your session has expired. Please sign in again.',
  };
  const invalid = { code: 'TOKEN_INVALID', message: 'Invalid access token. Please sign in again.' };
  it.each([
    ['an expired token', { expiresIn: -60 }, expired],
    ['a token signed by another key', { foreignKey: true }, invalid],
    ['a token for another audience', { audience: 'https://elsewhere.example/api' }, invalid],
    ['a token from another issuer', { issuer: 'https://evil.example/oidc' }, invalid],
  ])('rejects %s with 401', async (_name, options, body) => {
    const headers = await t.authHeaders(options);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(body);
  });

  it('rejects an unsigned alg:none token with 401', async () => {
    const token = await t.tokenFor({ subject: 'none-1' });
    const [, payload] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString(
      'base64url',
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${header}.${payload}.` },
    });
    expect(res.statusCode).toBe(401);
  });
});
