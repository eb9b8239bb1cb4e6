import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../testing/field-errors.ts';
import { analyticsExportQuerySchema, analyticsQuerySchema } from './analytics.schema.ts';

describe('analyticsQuerySchema', () => {
  it('takes a period of India days with a granularity (day by default)', () => {
    expect(analyticsQuerySchema.parse({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      granularity: 'day',
    });
    expect(
      analyticsQuerySchema.parse({ from: '2024-02-29', to: '2024-02-29', granularity: 'month' })
        .granularity,
    ).toBe('month');
  });

  it('names each bad field with its message', () => {
    expect(fieldErrors(analyticsQuerySchema, { from: '2026-02-30', to: '01/03/2026' })).toEqual({
      from: 'Enter a date as YYYY-MM-DD',
      to: 'Enter a date as YYYY-MM-DD',
    });
    expect(fieldErrors(analyticsQuerySchema, { to: '2026-01-01' })).toEqual({
      from: 'Enter a date as YYYY-MM-DD',
    });
    expect(fieldErrors(analyticsQuerySchema, { from: '2026-03-02', to: '2026-03-01' })).toEqual({
      to: 'The end date must be on or after the start date',
    });
    expect(
      fieldErrors(analyticsQuerySchema, {
        from: '2026-01-01',
        to: '2026-01-02',
        granularity: 'hour',
      }),
    ).toEqual({ granularity: 'Invalid value' });
    expect(
      fieldErrors(analyticsQuerySchema, { from: '2026-01-01', to: '2026-01-02', extra: '1' }),
    ).toEqual({ extra: 'Invalid value' });
  });

  it('allows three years of days and no more', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2024-01-01', to: '2026-12-31' }).success).toBe(
      true,
    );
    expect(fieldErrors(analyticsQuerySchema, { from: '2023-12-31', to: '2026-12-31' })).toEqual({
      to: 'Choose a period of at most 3 years',
    });
    expect(
      fieldErrors(analyticsExportQuerySchema, { from: '2020-01-01', to: '2026-12-31' }),
    ).toEqual({ to: 'Choose a period of at most 3 years' });
  });
});
