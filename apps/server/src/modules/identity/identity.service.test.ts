import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, loginDelaySeconds } from './identity.service.ts';

describe('loginDelaySeconds', () => {
  it('lets the first 3 failures of one e-mail from one address through, then doubles the wait up to 2 minutes', () => {
    const waits = Array.from({ length: 12 }, (_, failures) =>
      loginDelaySeconds(failures, LOGIN_THROTTLE.pair),
    );
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 120, 120]);
  });

  it('holds an account tried from many addresses for at most a minute', () => {
    expect(loginDelaySeconds(9, LOGIN_THROTTLE.email)).toBe(0);
    expect(loginDelaySeconds(10, LOGIN_THROTTLE.email)).toBe(1);
    expect(loginDelaySeconds(1000, LOGIN_THROTTLE.email)).toBe(60);
  });
});
