import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  decodeJwt,
  registerAndGetTokens,
  TestBrowser,
} from '../identity/oidc-flow.test-support.ts';

let smtp: SmtpSink;
let t: TestApp;
let counter = 0;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'CareCode <no-reply@carecode.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => vi.useRealTimers());

/** Registers a new account; answers its bearer header and the confirmation mail it was sent. */
async function register() {
  counter += 1;
  const email = `verify-${counter}@example.com`;
  const browser = new TestBrowser(t.app, t.config, `10.9.0.${counter}`);
  const before = smtp.mails.length;
  const tokens = await registerAndGetTokens(browser, { email, password: 'secret-pass-1' }, {});
  const mail = await smtp.nth(before + 1);
  return { email, tokens, auth: { authorization: `Bearer ${tokens.access_token}` }, mail };
}

const tokenIn = (text: string) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/verify-email/confirm',
    payload: { token },
  });
const me = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: auth })).json();

describe('confirming the e-mail address', () => {
  it('mails a confirmation link on registration, in HTML and plain text, from MAIL_FROM', async () => {
    const { email, mail } = await register();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
    expect(mail.from?.value[0]).toMatchObject({
      name: 'CareCode',
      address: 'no-reply@carecode.test',
    });
    expect(mail.subject).toBe('Confirm your e-mail address for CareCode');
    expect(mail.text).toContain(
      'Confirm e-mail address: http://localhost:8080/verify-email?token=',
    );
    expect(mail.text).toContain('The link works once and expires in 24 hours.');
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 12px;font-size:22px">Confirm your e-mail address</h1>',
    );
    expect(tokenIn(String(mail.html))).toBe(tokenIn(mail.text ?? ''));
  });

  it('sets emailVerified once the link is opened, and the link works only once', async () => {
    const { auth, mail, tokens } = await register();
    expect(decodeJwt(tokens.access_token)).toBeTruthy();
    expect((await me(auth)).emailVerified).toBe(false);
    const token = tokenIn(mail.text ?? '')!;
    expect((await confirm(token)).statusCode).toBe(204);
    expect((await me(auth)).emailVerified).toBe(true);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'VERIFICATION_LINK_INVALID',
      message:
        'This confirmation link is invalid or has expired. Ask for a new one on your account page.',
    });
  });

  it('refuses a link after 24 hours, and an unknown one', async () => {
    const { auth, mail } = await register();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect((await confirm(tokenIn(mail.text ?? '')!)).statusCode).toBe(400);
    vi.useRealTimers();
    expect((await me(auth)).emailVerified).toBe(false);
    expect((await confirm('A'.repeat(22))).statusCode).toBe(400);
  });

  it("resends from the account page in the reader's language, and not once confirmed", async () => {
    const { auth } = await register();
    const before = smtp.mails.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify-email',
      headers: { ...auth, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(resend.statusCode).toBe(204);
    const mail = await smtp.nth(before + 1);
    expect(mail.subject).toBe('CareCode के लिए अपना ई-मेल पता पुष्टि करें');
    expect(mail.text).toContain('यह लिंक एक बार काम करता है और 24 घंटे में समाप्त हो जाता है।');
    expect((await confirm(tokenIn(mail.text ?? '')!)).statusCode).toBe(204);
    const afterConfirm = smtp.mails.length;
    await t.app.inject({ method: 'POST', url: '/api/user/verify-email', headers: auth });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(afterConfirm);
  });

  it('answers 401 to a resend without a token, and 400 to a malformed confirmation', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/verify-email' })).statusCode).toBe(
      401,
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify-email/confirm',
      payload: { token: 'short' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file under DATA_DIR/outbox/', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carecode-outbox-'));
    const local = await buildTestApp({ DATA_DIR: dataDir });
    try {
      const browser = new TestBrowser(local.app, local.config, '10.9.1.1');
      await registerAndGetTokens(browser, {
        email: 'outbox@example.com',
        password: 'secret-pass-1',
      });
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0])));
      expect(mail.subject).toBe('Confirm your e-mail address for CareCode');
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('outbox@example.com');
    } finally {
      await local.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
