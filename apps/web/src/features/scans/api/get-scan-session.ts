import type { ScanSession } from '@carecode/domain/scans/scan.schema';
import { queryOptions } from '@tanstack/react-query';
import { readScanSession } from './read-scan-session.ts';
import { scanKeys } from './scan-keys.ts';

// A session read started before the page renders (by the route loader), handed to the first
// query that asks for it, so the data request runs while the page code and texts load.
const started = new Map<string, Promise<ScanSession>>();

/** Starts reading the session now (no-op when already started). */
export function prefetchScanSession(scanId: string): void {
  if (started.has(scanId)) return;
  const request = readScanSession(scanId);
  // The page reports failures; an unobserved early failure must not be an unhandled rejection.
  request.catch(() => undefined);
  started.set(scanId, request);
}

export function getScanSession(scanId: string): Promise<ScanSession> {
  const early = started.get(scanId);
  if (early) {
    started.delete(scanId);
    return early;
  }
  return readScanSession(scanId);
}

/**
 * The scanned QR (spec §7 GET /scans/{scanId}). A signed-in owner's token is sent too, so the
 * owner can open their own private QR. Loaded once: the session is short-lived.
 */
export const scanSessionQueryOptions = (scanId: string) =>
  queryOptions({
    queryKey: scanKeys.session(scanId),
    queryFn: () => getScanSession(scanId),
    staleTime: Infinity,
    retry: false,
  });
