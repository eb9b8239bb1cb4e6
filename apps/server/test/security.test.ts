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
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
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
