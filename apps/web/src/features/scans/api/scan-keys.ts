import type { ScanHistoryQueryInput } from '@carecode/domain/scans/scan.schema';

export interface ScanHistoryFilters extends ScanHistoryQueryInput {
  /** One QR's scans; all the owner's scans when absent. */
  qrId?: string;
}

/** Query keys of this feature; live events invalidate by the `all` prefix. */
export const scanKeys = {
  all: ['scans'] as const,
  session: (scanId: string) => [...scanKeys.all, 'session', scanId] as const,
  histories: () => [...scanKeys.all, 'history'] as const,
  history: (filters: ScanHistoryFilters) => [...scanKeys.histories(), filters] as const,
};
