import { useParams, type LoaderFunctionArgs } from 'react-router';
import { prefetchScanSession } from '../../features/scans/api/get-scan-session.ts';
import i18n from '../../lib/i18n.ts';
import { SCAN_NAMESPACES, ScanSessionPage } from '../scan/scan-session-page.tsx';

/**
 * /scans/{scanId} inside the app (e.g. after client-side navigation). A fresh load of this address
 * is served by the small scan entry instead (scan.html), with its data preloaded.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.scanId) prefetchScanSession(params.scanId);
  void i18n.loadNamespaces([...SCAN_NAMESPACES]);
  return null;
}

export function Component() {
  const { scanId = '' } = useParams();
  return <ScanSessionPage scanId={scanId} />;
}
