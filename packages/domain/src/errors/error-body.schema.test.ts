import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, errorStatus, zodIssuesToFields } from './error-body.schema.ts';

describe('errorStatus', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['SIGN_IN_REQUIRED', 401],
    ['QR_PRIVATE', 403],
    ['PLAN_QR_LIMIT', 403],
    ['QR_NOT_FOUND', 404],
    ['EMAIL_TAKEN', 409],
    ['SCAN_EXPIRED', 410],
    ['RATE_LIMITED', 429],
    ['PAYMENT_GATEWAY_UNAVAILABLE', 502],
    ['INTERNAL', 500],
  ] as const)('maps %s to HTTP %i', (code, status) => {
    expect(errorStatus[code]).toBe(status);
  });
});

describe('errorBodySchema', () => {
  it('accepts a code and message with optional params and field messages', () => {
    expect(
      errorBodySchema.safeParse({ code: 'QR_NOT_FOUND', message: 'QR code not found.' }).success,
    ).toBe(true);
    expect(
      errorBodySchema.safeParse({
        code: 'PLAN_QR_LIMIT',
        message: 'Your Free plan allows up to 2 QR codes.',
        params: { plan: 'FREE', limit: 2 },
      }).success,
    ).toBe(true);
    expect(
      errorBodySchema.safeParse({
        code: 'VALIDATION_FAILED',
        message: 'Invalid',
        fields: { 'details.fullName': 'Required' },
      }).success,
    ).toBe(true);
  });

  it('rejects a body without a message or with an unknown code', () => {
    expect(errorBodySchema.safeParse({ code: 'QR_NOT_FOUND', fields: {} }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'NO_SUCH_CODE', message: 'x' }).success).toBe(false);
  });
});

describe('zodIssuesToFields', () => {
  const schema = z.strictObject({
    details: z.strictObject({
      name: z.string().min(1, 'Required').min(3, 'Too short'),
      phone: z.string().regex(/^\d{10}$/, 'Phone number must be 10 digits'),
    }),
  });

  it('joins issue paths with dots and keeps the first message per path', () => {
    const result = schema.safeParse({ details: { name: '', phone: '123' } });
    expect(result.success).toBe(false);
    expect(zodIssuesToFields(result.error!.issues)).toEqual({
      'details.name': 'Required',
      'details.phone': 'Phone number must be 10 digits',
    });
  });

  it('reports each unknown key on its own path', () => {
    const result = schema.safeParse({ details: { name: 'abc', phone: '0123456789', x: 1 }, y: 2 });
    const fields = zodIssuesToFields(result.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(['details.x', 'y']);
  });

  it('returns an empty map for no issues', () => {
    expect(zodIssuesToFields([])).toEqual({});
  });
});
