import { describe, expect, it } from 'vitest';
import {
  INVALID_VALUE_MESSAGE,
  lengthMessage,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
  SCHOOL_NAME_MESSAGE,
} from './messages.ts';

describe('messages', () => {
  it('uses the exact wording of spec §8', () => {
    expect(REQUIRED_MESSAGE).toBe('Required');
    expect(INVALID_VALUE_MESSAGE).toBe('Invalid value');
    expect(PHONE_MESSAGE).toBe('Phone number must be 10 digits');
    expect(SCHOOL_NAME_MESSAGE).toBe('School name must be at most 30 characters');
  });

  it('fills min and max into the length message', () => {
    expect(lengthMessage(1, 20)).toBe('This field must be between 1 and 20 characters');
    expect(lengthMessage(0, 100)).toBe('This field must be between 0 and 100 characters');
  });
});
