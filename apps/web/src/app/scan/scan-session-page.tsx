import { useQuery } from '@tanstack/react-query';
import { scanSessionQueryOptions } from '../../features/scans/api/get-scan-session.ts';
import { ScanSessionView, type ScanSessionState } from './scan-session-view.tsx';

export { SCAN_NAMESPACES } from './scan-session-view.tsx';

/** The scan page inside the app (client-side navigation): the session from the app's query cache. */
export function ScanSessionPage({ scanId }: { scanId: string }) {
  const query = useQuery(scanSessionQueryOptions(scanId));
  const state: ScanSessionState =
    query.status === 'pending'
      ? { status: 'pending' }
      : query.status === 'error'
        ? { status: 'error', error: query.error }
        : { status: 'success', session: query.data };
  return <ScanSessionView state={state} />;
}
