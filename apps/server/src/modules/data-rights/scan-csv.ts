import { csvRow } from '../../lib/csv.ts';

/** The columns of the scan-history CSV (the data export's and analytics' period export). */
export const SCAN_CSV_COLUMNS = [
  'scanId',
  'qrId',
  'qrType',
  'scannedAt',
  'deviceType',
  'os',
  'browser',
  'latitude',
  'longitude',
] as const;

/** A scan as the CSV copies read it: id, qr_id, qr_type, scanned_at, device_info, latitude, longitude. */
export type ScanCsvSource = Record<string, unknown>;

/** One scan as a CSV row: times in UTC (ISO 8601), OS and browser with their versions. */
export function scanCsvRow(scan: ScanCsvSource): string {
  const device = (scan.device_info ?? {}) as Record<string, string | null | undefined>;
  return csvRow([
    scan.id as string,
    scan.qr_id as string,
    scan.qr_type as string | null,
    new Date(scan.scanned_at as string | Date).toISOString(),
    device.deviceType,
    [device.os, device.osVersion].filter(Boolean).join(' '),
    [device.browser, device.browserVersion].filter(Boolean).join(' '),
    scan.latitude as number | null,
    scan.longitude as number | null,
  ]);
}
