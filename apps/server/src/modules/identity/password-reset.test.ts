import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  refresh,
  registerAndGetTokens,
  startAuthorization,
  TestBrowser,
} from './oidc-flow.test-support.ts';

let smtp: SmtpSink;
let t: TestApp;
let counter = 0;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => vi.useRealTimers());

const nextAddress = () => `10.8.0.${(counter += 1)}`;
const requestReset = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/password-reset',
    payload: { email },
    headers,
    remoteAddress: nextAddress(),
  });
const confirmReset = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/password-reset/confirm',
    payload: { token, password, confirmPassword: password },
    remoteAddress: nextAddress(),
  });
const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

async function signIn(email: string, password: string) {
  const browser = new TestBrowser(t.app, t.config, nextAddress());
  const { uid } = await startAuthorization(browser);
  return browser.request({
    method: 'POST',
    url: `/oidc/interaction/${uid}/login`,
    payload: { email, password },
  });
}

describe('forgot password', () => {
  it('mails a reset link; the new password works, the old one does not, and every other session ends', async () => {
    const email = 'forgetful-owner@example.com';
    const browser = new TestBrowser(t.app, t.config, nextAddress());
    const tokens = await registerAndGetTokens(browser, { email, password: 'old-pass-123' });
    const before = smtp.mails.length;
    expect((await requestReset(email)).statusCode).toBe(204);
    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('Reset your CareCode password');
    expect(mail.text).toContain('The link works once and expires in 30 minutes.');
    const token = tokenIn(mail.text ?? '')!;
    expect(tokenIn(String(mail.html))).toBe(token);

    expect((await confirmReset(token, 'new-pass-456')).statusCode).toBe(204);
    expect((await signIn(email, 'new-pass-456')).statusCode).toBe(200);
    expect((await signIn(email, 'old-pass-123')).statusCode).toBe(401);
    // The session that was signed in before cannot renew any more.
    const renewed = await refresh(browser, tokens.refresh_token!);
    expect(renewed.statusCode).toBe(400);
    // The link works once.
    const again = await confirmReset(token, 'other-pass-789');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This password reset link is invalid or has expired. Ask for a new one.',
    });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const before = smtp.mails.length;
    const res = await requestReset('nobody-here@example.com');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a link after 30 minutes, and writes in Hindi to a Hindi browser', async () => {
    const email = 'late-owner@example.com';
    await registerAndGetTokens(new TestBrowser(t.app, t.config, nextAddress()), {
      email,
      password: 'old-pass-123',
    });
    const before = smtp.mails.length;
    await requestReset(email, { 'accept-language': 'hi-IN,hi;q=0.9' });
    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('अपना CareCode पासवर्ड रीसेट करें');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 60 * 1000 + 1000);
    expect((await confirmReset(tokenIn(mail.text ?? '')!, 'new-pass-456')).statusCode).toBe(400);
  });

  it('checks the new password with the registration rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password-reset/confirm',
      payload: { token: 'A'.repeat(22), password: 'abc', confirmPassword: 'abd' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['confirmPassword', 'password']);
  });

  it('limits reset mails to 3 an hour for one address', async () => {
    const email = 'limited@example.com';
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await requestReset(email)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});
