import { LOCATION_PROMPT_TEXT_VERSION } from '@carecode/domain/consents/consent-versions';
import type { LocationInput } from '@carecode/domain/scans/scan.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/** PUT /scans/{scanId}/location, no authorization; any non-OK answer is a failure. */
export const shareLocation = (scanId: string, location: LocationInput) =>
  apiFetch<void>(`/scans/${encodeURIComponent(scanId)}/location`, {
    method: 'PUT',
    body: location,
    auth: false,
  });

/**
 * POST /scans/{scanId}/location-consent: the scanner's answer to the location prompt (the
 * browser's permission), recorded with the scan. Best effort: it never holds up the sharing.
 */
export const recordLocationConsent = (scanId: string, granted: boolean) =>
  apiFetch<void>(`/scans/${encodeURIComponent(scanId)}/location-consent`, {
    method: 'POST',
    body: { granted, textVersion: LOCATION_PROMPT_TEXT_VERSION },
    auth: false,
  }).catch(() => undefined);
