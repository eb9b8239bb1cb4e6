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

  it('slows down after 5 failed sign-ins for one e-mail: 429 until the 15-minute window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await registerAccount('target@example.com', 'right-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { post } = await openInteraction();
      const res = await post('login', { email: 'target@example.com', password: `nope-${attempt}` });
      expect(res.statusCode).toBe(401);
    }
    const { post } = await openInteraction();
    const blocked = await post('login', {
      email: 'target@example.com',
      password: 'right-password',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);

    // Another account is not affected...
    await registerAccount('bystander@example.com', 'right-password');
    const other = await openInteraction();
    expect(
      (await other.post('login', { email: 'bystander@example.com', password: 'right-password' }))
        .statusCode,
    ).toBe(200);

    // ...and the blocked one signs in again once the window has passed.
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    const later = await openInteraction();
    const res = await later.post('login', {
      email: 'target@example.com',
      password: 'right-password',
    });
    expect(res.statusCode).toBe(200);
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

  it('a successful sign-in clears the e-mail’s failure count', async () => {
    await registerAccount('forgetful@example.com', 'right-password');
    const fail = async () => {
      const { post } = await openInteraction();
      return post('login', { email: 'forgetful@example.com', password: 'wrong' });
    };
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await fail()).statusCode).toBe(401);
    const { post } = await openInteraction();
    expect(
      (await post('login', { email: 'forgetful@example.com', password: 'right-password' }))
        .statusCode,
    ).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).statusCode).toBe(429);
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
