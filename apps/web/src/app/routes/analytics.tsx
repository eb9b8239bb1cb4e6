import { AnalyticsPage } from '../../features/analytics/components/analytics-page.tsx';

/** /analytics: the owner's scans counted (its own chunk: the charting library stays out of the rest). */
export function Component() {
  return <AnalyticsPage />;
}
