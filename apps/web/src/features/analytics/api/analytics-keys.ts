import type { AnalyticsQueryInput } from '@carecode/domain/analytics/analytics.schema';

/** Query keys of this feature; live scan events invalidate by the `all` prefix. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (query: AnalyticsQueryInput) => [...analyticsKeys.all, 'summary', query] as const,
};
