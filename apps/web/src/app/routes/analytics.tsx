import { useQuery } from '@tanstack/react-query';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page.tsx';
import { qrCodesQueryOptions } from '../../features/qr-codes/api/get-qr-codes.ts';

/**
 * /analytics: the owner's scans counted (its own chunk: the charting library stays out of the
 * rest), with the owner's codes for its QR code picker.
 */
export function Component() {
  const codes = useQuery(qrCodesQueryOptions());
  return <AnalyticsPage codes={codes.data} />;
}
