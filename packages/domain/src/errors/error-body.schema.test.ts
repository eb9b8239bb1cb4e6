import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorBodySchema,
  errorCodes,
  errorStatus,
  zodIssuesToFields,
} from './error-body.schema.ts';

describe('errorStatus', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['PLAN_LIMIT_REACHED', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['GONE', 410],
    ['RATE_LIMITED', 429],
    ['COMING_SOON', 400],
    ['INTERNAL', 500],
  ] as const)('maps %s to HTTP %i', (code, status) => {
    expect(errorStatus[code]).toBe(status);
  });

  it('has a status for every code and no other', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
  });
});

describe('errorBodySchema', () => {
  it('accepts a message with optional field messages', () => {
    expect(errorBodySchema.safeParse({ message: 'Not found' }).success).toBe(true);
    expect(
      errorBodySchema.safeParse({ message: 'Invalid', fields: { 'details.fullName': 'Required' } })
        .success,
    ).toBe(true);
  });

  it('rejects a body without a message', () => {
    expect(errorBodySchema.safeParse({ fields: {} }).success).toBe(false);
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
