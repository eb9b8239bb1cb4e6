import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { LiteLayout } from './app/layout/lite-layout.tsx';
import { ScanEntryPage, trackSessionRead } from './app/scan/scan-entry-page.tsx';
import { initI18n } from './app/scan/scan-i18n.ts';
import { LoadingView } from './components/ui/loading-view.tsx';
import { readScanSession } from './features/scans/api/read-scan-session.ts';
import './scan.css';

// The small entry for /scans/{scanId}: what a stranger opens in an emergency. The server preloads
// the session data alongside this code (and, for Hindi, the texts); both are read at once.
const scanId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const read = trackSessionRead(readScanSession(scanId));
const texts = initI18n();

// Draw the page once, with its data and texts, rather than a spinner that the content then
// pushes down; on a slow network give up waiting after a moment and show the spinner.
await Promise.race([
  Promise.all([texts, read.settled]),
  new Promise((resolve) => setTimeout(resolve, 1500)),
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LiteLayout>
      <Suspense fallback={<LoadingView hint={false} />}>
        <ScanEntryPage read={read} />
      </Suspense>
    </LiteLayout>
  </StrictMode>,
);

// The app's web manifest is not needed to draw the page: linked a moment after it has drawn, so
// its request (and its icons') do not compete with the page's own on a slow network.
setTimeout(() => {
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  document.head.append(manifest);
}, 1000);
