import {
  analyticsSchema,
  type AnalyticsQueryInput,
} from '@carecode/domain/analytics/analytics.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { analyticsKeys } from './analytics-keys.ts';

const searchOf = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params.toString();
};

/** `GET /analytics`: the owner's scans of a period, counted (Premium and Business). */
export const analyticsQueryOptions = (query: AnalyticsQueryInput) =>
  queryOptions({
    queryKey: analyticsKeys.summary(query),
    queryFn: async ({ signal }) =>
      analyticsSchema.parse(await apiFetch(`/analytics?${searchOf({ ...query })}`, { signal })),
    placeholderData: keepPreviousData,
  });

/** `GET /analytics/scans.csv`: the period's scan history, saved as a file. */
export async function downloadPeriodCsv(period: { from: string; to: string; qrId?: string }) {
  const csv = await apiFetch<string>(`/analytics/scans.csv?${searchOf(period)}`, {
    responseType: 'text',
  });
  // Reading the answer as text drops its byte-order mark; written back, so spreadsheets read the
  // file as UTF-8.
  saveBlob(
    new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }),
    `carecode-scans-${period.from}-to-${period.to}.csv`,
  );
}
