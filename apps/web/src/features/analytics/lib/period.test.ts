import { describe, expect, it } from 'vitest';
import { indiaToday, presetPeriod } from './period.ts';

describe('analytics periods', () => {
  it("takes today's date in India: 18:45 UTC is already the next day there", () => {
    expect(indiaToday(Date.parse('2026-02-28T18:29:00Z'))).toBe('2026-02-28');
    expect(indiaToday(Date.parse('2026-02-28T18:45:00Z'))).toBe('2026-03-01');
  });

  it('ends every preset today', () => {
    expect(presetPeriod('last7', '2026-03-01')).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
      granularity: 'day',
    });
    expect(presetPeriod('last30', '2026-03-01').from).toBe('2026-01-31');
    expect(presetPeriod('last12Months', '2026-03-01')).toEqual({
      from: '2025-03-02',
      to: '2026-03-01',
      granularity: 'month',
    });
  });
});
