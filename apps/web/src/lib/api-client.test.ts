import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../test/api-mock.ts';
import { apiFetch } from './api-client.ts';
import { LANGUAGE_STORAGE_KEY } from './language.ts';

describe('apiFetch', () => {
  afterEach(() => window.localStorage.removeItem(LANGUAGE_STORAGE_KEY));

  it("sends the reader's chosen language, which the server writes their mails and alerts in", async () => {
    const calls = stubFetch(() => ({ body: {} }));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await apiFetch('/user/alert-preferences', { auth: false });
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await apiFetch('/user/alert-preferences', { auth: false });
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['hi', 'en']);
  });
});
