import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../testing/field-errors.ts';
import {
  loginInputSchema,
  profileInputSchema,
  registerInputSchema,
  userMeSchema,
} from './user.schema.ts';

const registration = {
  email: 'asha@example.in',
  password: 'secret',
  confirmPassword: 'secret',
};

describe('registerInputSchema', () => {
  it('accepts a valid registration with and without a phone', () => {
    expect(fieldErrors(registerInputSchema, registration)).toEqual({});
    expect(fieldErrors(registerInputSchema, { ...registration, phone: '' })).toEqual({});
    expect(fieldErrors(registerInputSchema, { ...registration, phone: '9876543210' })).toEqual({});
  });

  it.each([
    [
      'a 5-character password',
      { password: '12345', confirmPassword: '12345' },
      { password: 'Password must be at least 6 characters.' },
    ],
    [
      'mismatched passwords',
      { confirmPassword: 'secreT' },
      { confirmPassword: 'Passwords do not match' },
    ],
    ['an invalid e-mail', { email: 'asha' }, { email: 'Invalid value' }],
    ['an empty e-mail', { email: '' }, { email: 'Required' }],
    ['a 9-digit phone', { phone: '987654321' }, { phone: 'Phone number must be 10 digits' }],
    ['an 11-digit phone', { phone: '98765432100' }, { phone: 'Phone number must be 10 digits' }],
    ['a phone with letters', { phone: '98765abcde' }, { phone: 'Phone number must be 10 digits' }],
    ['an unknown key', { role: 'admin' }, { role: 'Invalid value' }],
  ])('rejects %s', (_label, change, fields) => {
    expect(fieldErrors(registerInputSchema, { ...registration, ...change })).toEqual(fields);
  });

  it('accepts a 6-character password', () => {
    expect(fieldErrors(registerInputSchema, registration)).toEqual({});
  });

  it('reports a password mismatch even when the e-mail is also wrong', () => {
    expect(
      fieldErrors(registerInputSchema, { ...registration, email: '', confirmPassword: 'x' }),
    ).toEqual({ email: 'Required', confirmPassword: 'Passwords do not match' });
  });
});

describe('loginInputSchema', () => {
  it('accepts an e-mail and password', () => {
    expect(fieldErrors(loginInputSchema, { email: 'a@b.in', password: 'x' })).toEqual({});
  });

  it("says 'Required' for missing fields", () => {
    expect(fieldErrors(loginInputSchema, {})).toEqual({ email: 'Required', password: 'Required' });
  });
});

describe('userMeSchema', () => {
  it('accepts the signed-in user', () => {
    const me = {
      email: 'a@b.in',
      emailVerified: true,
      phone: null,
      plan: 'FREE',
      ownedPlan: 'FREE',
      paidPlan: 'PREMIUM',
      paidPeriod: 'YEARLY',
      planExpiresAt: '2027-11-23T06:30:00.000Z',
      groups: [],
    };
    expect(userMeSchema.safeParse(me).success).toBe(true);
    expect(userMeSchema.safeParse({ ...me, planExpiresAt: 'next year' }).success).toBe(false);
  });
});

describe('profileInputSchema', () => {
  it('accepts an empty profile', () => {
    expect(fieldErrors(profileInputSchema, {})).toEqual({});
  });

  it.each([
    ['name', 50],
    ['fullName', 50],
    ['allergies', 100],
  ])('accepts %s of %i characters and rejects one more', (field, max) => {
    expect(fieldErrors(profileInputSchema, { [field]: 'x'.repeat(max) })).toEqual({});
    expect(fieldErrors(profileInputSchema, { [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: `This field must be between 0 and ${max} characters`,
    });
  });

  it.each([
    [{ bloodGroup: 'B_NEGATIVE' }, {}],
    [{ bloodGroup: 'B-' }, { bloodGroup: 'Invalid value' }],
    [{ emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' } }, {}],
    [
      { emergencyContact: { name: 'Ravi', phoneNumber: '98765' } },
      { 'emergencyContact.phoneNumber': 'Phone number must be 10 digits' },
    ],
    [{ email: 'a@b.in' }, { email: 'Invalid value' }],
  ])('checks %j', (value, fields) => {
    expect(fieldErrors(profileInputSchema, value)).toEqual(fields);
  });
});

describe('registerInputSchema empty password', () => {
  it("says 'Required' (first) for an empty password", () => {
    expect(
      fieldErrors(registerInputSchema, { ...registration, password: '', confirmPassword: '' }),
    ).toEqual({ password: 'Required' });
  });
});

describe('caps on sign-in fields', () => {
  const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.in`;

  it('accepts an e-mail of 254 characters and refuses 255', () => {
    expect(at254).toHaveLength(254);
    expect(fieldErrors(loginInputSchema, { email: at254, password: 'x' })).toEqual({});
    expect(fieldErrors(loginInputSchema, { email: `a${at254}`, password: 'x' })).toEqual({
      email: 'This field must be at most 254 characters',
    });
  });

  it('refuses a password over 128 characters at registration and sign-in', () => {
    const long = 'p'.repeat(129);
    expect(
      fieldErrors(registerInputSchema, { ...registration, password: long, confirmPassword: long }),
    ).toEqual({ password: 'Password must be at most 128 characters.' });
    expect(fieldErrors(loginInputSchema, { email: 'a@b.in', password: long })).toEqual({
      password: 'Password must be at most 128 characters.',
    });
  });

  it.each(['123456', 'password', 'Qwerty123', 'INDIA123'])(
    'refuses the much-guessed password %s at registration',
    (password) => {
      expect(
        fieldErrors(registerInputSchema, { ...registration, password, confirmPassword: password }),
      ).toEqual({ password: 'This password is too easy to guess. Choose another.' });
    },
  );
});
