import type { LocationInput } from '@carecode/domain/scans/scan.schema';
import { apiFetch } from '../../../lib/api-client.ts';

/** PUT /scans/{scanId}/location, no authorization; any non-OK answer is a failure. */
export const shareLocation = (scanId: string, location: LocationInput) =>
  apiFetch<void>(`/scans/${encodeURIComponent(scanId)}/location`, {
    method: 'PUT',
    body: location,
    auth: false,
  });
