import type { ScanSession } from '@carecode/domain/scans/scan.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * GET /scans/{scanId} (spec §7). A signed-in owner's token is sent too, so the owner can open
 * their own private QR. Free of the query library: the small scan entry calls it directly.
 */
export const readScanSession = (scanId: string) =>
  apiFetch<ScanSession>(`/scans/${encodeURIComponent(scanId)}`);
