import type { ScanPage } from '@carecode/domain/scans/scan.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { scanKeys, type ScanHistoryFilters } from './scan-keys.ts';

export function getScanHistory(filters: ScanHistoryFilters, signal?: AbortSignal) {
  const { qrId, ...query } = filters;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const base = qrId ? `/qr-codes/${encodeURIComponent(qrId)}/scans` : '/scans/';
  const search = params.toString();
  return apiFetch<ScanPage>(search ? `${base}?${search}` : base, { signal });
}

/** A page of scan history (spec §7: all the owner's scans, or one QR's), paged on the server. */
export const scanHistoryQueryOptions = (filters: ScanHistoryFilters) =>
  queryOptions({
    queryKey: scanKeys.history(filters),
    queryFn: ({ signal }) => getScanHistory(filters, signal),
    placeholderData: keepPreviousData,
  });
