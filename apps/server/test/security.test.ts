import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('sends a CSP that allows no inline script, and the other headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks API answers Cache-Control: no-store', async () => {
    const headers = await t.authHeaders();
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('rejects a body over the size limit with 413 and a message', async () => {
    const headers = await t.authHeaders();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'PERSON', details: { fullName: 'x'.repeat(70_000) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'BODY_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });
});

describe('security headers over https', () => {
  it('adds HSTS when PUBLIC_URL is https', async () => {
    const t = await buildTestApp({ PUBLIC_URL: 'https://carecode.example' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await t.close();
  });
});

describe('security headers on the scan URL', () => {
  it('are the same as on every other route (computed once there)', async () => {
    const t = await buildTestApp();
    const headers = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
          'origin-agent-cluster',
          'referrer-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
          'x-powered-by',
        ].map((name) => [name, res.headers[name]]),
      );
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const scan = await t.app.inject({ method: 'GET', url: '/api/qr-codes/unknown/scan' });
    expect(scan.statusCode).toBe(302);
    expect(headers(scan)).toEqual(headers(health));
    expect(headers(scan)['content-security-policy']).toContain("frame-ancestors 'none'");
    await t.close();
  });
});

describe('text that PostgreSQL cannot store', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    headers = { ...(await t.authHeaders()), 'content-type': 'application/json' };
  });
  afterAll(async () => t.close());

  const invalidText = {
    code: 'INVALID_TEXT',
    message: 'Text cannot contain the NUL character (U+0000) or a broken Unicode character.',
  };
  const person = (fullName: string) =>
    JSON.stringify({
      type: 'PERSON',
      details: { fullName, emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' } },
    });

  it.each([
    ['a lone high surrogate', '"Asha \\ud800"'],
    ['a lone low surrogate', '"\\udc00 Asha"'],
    ['a NUL', '"Asha\\u0000"'],
  ])('answers 400 INVALID_TEXT for %s in a JSON string', async (_label, literal) => {
    const payload = person('x').replace('"x"', literal);
    const res = await t.app.inject({ method: 'POST', url: '/api/qr-codes/', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidText);
  });

  it('answers 400 INVALID_TEXT for a lone surrogate in a key', async () => {
    const payload = person('Asha').replace('{"type"', '{"\\ud83d": 1, "type"');
    const res = await t.app.inject({ method: 'POST', url: '/api/qr-codes/', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TEXT');
  });

  it('still stores a proper surrogate pair (an emoji)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers,
      payload: person('x').replace('"x"', '"Asha \\ud83d\\ude00"'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().details.fullName).toBe('Asha 😀');
  });

  it.each([
    '/api/qr-codes/abc%00def',
    '/api/scans/%00',
    '/api/scans/?q=a%00b',
    '/api/qr-codes/%ED%A0%80',
    '/api/scans/?q=%ed%b0%80',
  ])('answers 400 INVALID_TEXT for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidText);
  });

  it('answers the scan URL with such text by the help page, as a person opens it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/qr-codes/abc%00/scan' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('href="tel:112"');
  });
});

describe('error bodies', () => {
  it('carry a code beside the message for routes that do not exist', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'No route for GET /api/nope.',
      params: { method: 'GET', path: '/api/nope' },
    });
    await t.close();
  });
});
