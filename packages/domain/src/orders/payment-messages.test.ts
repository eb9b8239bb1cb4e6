import { describe, expect, it } from 'vitest';
import { paymentMessageKey, paymentMessages } from './payment-messages.ts';

describe('paymentMessageKey', () => {
  it('finds the key of every known sentence', () => {
    for (const [key, message] of Object.entries(paymentMessages)) {
      expect(paymentMessageKey(message)).toBe(key);
    }
  });

  it('leaves other texts unknown', () => {
    expect(paymentMessageKey('coming soon')).toBeUndefined();
    expect(paymentMessageKey('')).toBeUndefined();
  });
});
