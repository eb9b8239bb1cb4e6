import type { AnalyticsGranularity } from '@carecode/domain/analytics/analytics.schema';

export const periodPresets = ['last7', 'last30', 'last12Months', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const DAY_MS = 86_400_000;

/** Today in India ('YYYY-MM-DD'), wherever the browser is. */
export function indiaToday(now = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The India days a preset covers, ending today; the granularity that suits it. */
export function presetPeriod(
  preset: Exclude<PeriodPreset, 'custom'>,
  today = indiaToday(),
): { from: string; to: string; granularity: AnalyticsGranularity } {
  if (preset === 'last7') return { from: addDays(today, -6), to: today, granularity: 'day' };
  if (preset === 'last30') return { from: addDays(today, -29), to: today, granularity: 'day' };
  const yearAgo = new Date(`${today}T00:00:00Z`);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return {
    from: addDays(yearAgo.toISOString().slice(0, 10), 1),
    to: today,
    granularity: 'month',
  };
}

/** A calendar day 'YYYY-MM-DD' as the reader's language writes it ('1 Mar 2026'). */
export function formatDay(day: string, language: string, withYear = true): string {
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A month bucket ('Mar 2026'). */
export function formatMonth(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
