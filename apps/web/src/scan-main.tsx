import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { LiteLayout } from './app/layout/lite-layout.tsx';
import { SCAN_NAMESPACES, ScanSessionPage } from './app/scan/scan-session-page.tsx';
import { LoadingView } from './components/ui/loading-view.tsx';
import {
  prefetchScanSession,
  scanSessionQueryOptions,
} from './features/scans/api/get-scan-session.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import './scan.css';

// The small entry for /scans/{scanId}: what a stranger opens in an emergency. The server preloads
// the session data alongside this code; the texts load at once, in parallel.
const scanId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
prefetchScanSession(scanId);
const i18n = initI18n();
const queryClient = createQueryClient();

// Draw the page once, with its data and texts, rather than a spinner that the content then
// pushes down; on a slow network give up waiting after a moment and show the spinner.
await Promise.race([
  Promise.all([
    i18n.loadNamespaces([...SCAN_NAMESPACES]),
    queryClient.prefetchQuery(scanSessionQueryOptions(scanId)),
  ]),
  new Promise((resolve) => setTimeout(resolve, 1500)),
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiteLayout>
        <Suspense fallback={<LoadingView hint={false} />}>
          <ScanSessionPage scanId={scanId} />
        </Suspense>
      </LiteLayout>
    </QueryClientProvider>
  </StrictMode>,
);
