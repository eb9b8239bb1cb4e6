import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { credentials, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { followToCallback, startAuthorization, TestBrowser } from './oidc-flow.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let addressCounter = 0;
/** Each test signs in from its own client address, so slow-down counters stay apart. */
async function openInteraction(address = `10.0.0.${(addressCounter += 1)}`) {
  const browser = new TestBrowser(t.app, t.config, address);
  const { uid } = await startAuthorization(browser);
  if (!uid) throw new Error('no interaction');
  const post = (action: 'login' | 'register', payload: Record<string, unknown>, asUid = uid) =>
    browser.request({ method: 'POST', url: `/oidc/interaction/${asUid}/${action}`, payload });
  return { browser, uid, post };
}

async function registerAccount(email: string, password = 'secret1', phone?: string) {
  const { post } = await openInteraction();
  const res = await post('register', {
    email,
    password,
    confirmPassword: password,
    ...(phone ? { phone } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('GET /oidc/interaction/:uid/details', () => {
  it('answers the pending prompt for the browser that started sign-in', async () => {
    const { browser, uid } = await openInteraction();
    const res = await browser.request({
      method: 'GET',
      url: `/oidc/interaction/${uid}/details`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid, prompt: 'login' });
  });

  it('answers 410 "This sign-in page has expired. Please start again." without its cookie', async () => {
    const { uid } = await openInteraction();
    const res = await t.app.inject({ method: 'GET', url: `/oidc/interaction/${uid}/details` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      code: 'INTERACTION_EXPIRED',
      message: 'This sign-in page has expired. Please start again.',
    });
  });
});

describe('POST /oidc/interaction/:uid/register', () => {
  it('creates the user and a scrypt credential, then continues sign-in', async () => {
    const { browser, post } = await openInteraction();
    const res = await post('register', {
      email: '  New.User@Example.com ',
      password: 'secret1',
      confirmPassword: 'secret1',
      phone: '9876543210',
    });
    expect(res.statusCode).toBe(200);
    const { redirectTo } = res.json();
    expect(redirectTo).toMatch(/^http:\/\/localhost:8080\/oidc\/auth\//);
    const callback = await followToCallback(browser, redirectTo);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.user@example.com'));
    expect(user).toMatchObject({ phone: '9876543210', plan: 'FREE', emailVerified: false });
    expect(user.subject).toBe(user.id);
    const [credential] = await t.database.db
      .select()
      .from(credentials)
      .where(eq(credentials.userId, user.id));
    expect(credential.email).toBe('new.user@example.com');
    expect(credential.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(credential.passwordHash).not.toContain('secret1');
  });

  it('stores no phone when the optional mobile number is left empty', async () => {
    const { post } = await openInteraction();
    const res = await post('register', {
      email: 'nophone@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      phone: '',
    });
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'nophone@example.com'));
    expect(user.phone).toBeNull();
  });

  it('refuses a taken e-mail (any case) with "An account with this e-mail already exists."', async () => {
    await registerAccount('taken@example.com');
    const { post } = await openInteraction();
    const res = await post('register', {
      email: 'TAKEN@example.com',
      password: 'another1',
      confirmPassword: 'another1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'An account with this e-mail already exists.',
      fields: { email: 'An account with this e-mail already exists.' },
    });
  });

  it.each([
    [
      'a short password',
      { email: 'a@example.com', password: '12345', confirmPassword: '12345' },
      { password: 'Password must be at least 6 characters.' },
    ],
    [
      'passwords that differ',
      { email: 'a@example.com', password: '123456', confirmPassword: '1234567' },
      { confirmPassword: 'Passwords do not match' },
    ],
    [
      'a 9-digit mobile number',
      { email: 'a@example.com', password: '123456', confirmPassword: '123456', phone: '987654321' },
      { phone: 'Phone number must be 10 digits' },
    ],
    [
      'a malformed e-mail',
      { email: 'not-an-email', password: '123456', confirmPassword: '123456' },
      { email: 'Invalid value' },
    ],
    [
      'an empty e-mail',
      { email: '', password: '123456', confirmPassword: '123456' },
      { email: 'Required' },
    ],
    [
      'an unknown field',
      { email: 'a@example.com', password: '123456', confirmPassword: '123456', plan: 'PREMIUM' },
      { plan: 'Unknown field' },
    ],
  ])('refuses %s with 400 and the field message', async (_name, body, fields) => {
    const { post } = await openInteraction();
    const res = await post('register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject(fields);
  });

  it('refuses to finish another browser’s interaction (410)', async () => {
    const mine = await openInteraction();
    const other = await openInteraction();
    const res = await mine.post(
      'register',
      { email: 'x@example.com', password: 'secret1', confirmPassword: 'secret1' },
      other.uid,
    );
    expect(res.statusCode).toBe(410);
  });
});

describe('POST /oidc/interaction/:uid/login', () => {
  it('signs in with the right password (e-mail in any case) and continues sign-in', async () => {
    await registerAccount('login-ok@example.com', 'right-password');
    const { browser, post } = await openInteraction();
    const res = await post('login', { email: 'Login-OK@example.com', password: 'right-password' });
    expect(res.statusCode).toBe(200);
    const callback = await followToCallback(browser, res.json().redirectTo);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('answers 401 "Incorrect e-mail or password." for a wrong password', async () => {
    await registerAccount('wrong-pass@example.com', 'right-password');
    const { post } = await openInteraction();
    const res = await post('login', {
      email: 'wrong-pass@example.com',
      password: 'wrong-password',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect e-mail or password.',
    });
  });

  it('answers an unknown e-mail exactly as a wrong password, so it tells nobody who has an account', async () => {
    const { post } = await openInteraction();
    const res = await post('login', { email: 'nobody@example.com', password: 'whatever' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect e-mail or password.',
    });
  });

  it('answers 400 with "Required" for an empty password', async () => {
    const { post } = await openInteraction();
    const res = await post('login', { email: 'a@example.com', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Required' });
  });

  it('slows a guesser down progressively (1 s, 2 s, 4 s...) after 3 failures, never locking the account', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await registerAccount('target@example.com', 'right-password');
    const guesser = '192.0.2.50';
    const attempt = async (password: string, address = guesser) => {
      const { post } = await openInteraction(address);
      return post('login', { email: 'target@example.com', password });
    };
    for (let i = 1; i <= 3; i += 1) expect((await attempt(`nope-${i}`)).statusCode).toBe(401);
    for (const wait of [1, 2, 4, 8]) {
      const blocked = await attempt('nope-again');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many attempts. Please wait a little and try again.',
      });
      expect(Number(blocked.headers['retry-after'])).toBe(wait);
      vi.setSystemTime(Date.now() + wait * 1000);
      expect((await attempt('nope-again')).statusCode).toBe(401);
    }
    // The account's owner, from their own address, is not held up by the guesser...
    expect((await attempt('right-password', '192.0.2.51')).statusCode).toBe(200);
    // ...and after the wait the right password works from the guesser's address too.
    vi.setSystemTime(Date.now() + 16 * 1000);
    expect((await attempt('right-password')).statusCode).toBe(200);
  });

  it('caps the wait at two minutes however many failures came before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await registerAccount('stubborn@example.com', 'right-password');
    const attempt = async (password: string) => {
      const { post } = await openInteraction('192.0.2.60');
      return post('login', { email: 'stubborn@example.com', password });
    };
    for (let i = 0; i < 12; i += 1) {
      const res = await attempt('wrong');
      expect(res.statusCode).toBe(401);
      vi.setSystemTime(Date.now() + 120 * 1000);
    }
    const blocked = await attempt('right-password');
    expect(blocked.statusCode).toBe(200);
  });

  it('slows down one client address after 20 failed sign-ins, whatever the e-mail', async () => {
    const address = '192.0.2.77';
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const { post } = await openInteraction(address);
      const res = await post('login', { email: `guess-${attempt}@example.com`, password: 'x' });
      expect(res.statusCode).toBe(401);
    }
    await registerAccount('innocent@example.com', 'right-password');
    const { post } = await openInteraction(address);
    const res = await post('login', { email: 'innocent@example.com', password: 'right-password' });
    expect(res.statusCode).toBe(429);
    const elsewhere = await openInteraction('192.0.2.78');
    expect(
      (await elsewhere.post('login', { email: 'innocent@example.com', password: 'right-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('a successful sign-in clears the failure count', async () => {
    await registerAccount('forgetful@example.com', 'right-password');
    const attempt = async (password: string) => {
      const { post } = await openInteraction('192.0.2.70');
      return post('login', { email: 'forgetful@example.com', password });
    };
    for (let i = 1; i <= 3; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1000);
    expect((await attempt('right-password')).statusCode).toBe(200);
    for (let i = 1; i <= 3; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt('wrong')).statusCode).toBe(429);
  });
});

describe('with RATE_LIMITS=off', () => {
  it('never slows sign-ins down', async () => {
    const relaxed = await buildTestApp({ RATE_LIMITS: 'off' });
    try {
      const browser = new TestBrowser(relaxed.app, relaxed.config);
      for (let attempt = 1; attempt <= 7; attempt += 1) {
        const { uid } = await startAuthorization(browser);
        const res = await browser.request({
          method: 'POST',
          url: `/oidc/interaction/${uid}/login`,
          payload: { email: 'nobody@example.com', password: 'x' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await relaxed.close();
    }
  });
});

describe('registration rate limit', () => {
  it('answers the 11th registration from one address within an hour with 429', async () => {
    const t = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const browser = new TestBrowser(t.app, t.config, '203.0.113.7');
        const { uid } = await startAuthorization(browser);
        const res = await browser.request({
          method: 'POST',
          url: `/oidc/interaction/${uid}/register`,
          payload: {
            email: `limit-${i}@example.com`,
            password: 'secret-pass',
            confirmPassword: 'secret-pass',
          },
        });
        statuses.push(res.statusCode);
        if (i === 10)
          expect(res.json()).toEqual({
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a moment and try again.',
            params: { seconds: Number(res.headers['retry-after']) },
          });
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await t.close();
    }
  });
});
