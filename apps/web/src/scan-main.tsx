import type { ScanPageData } from '@carecode/domain/scans/scan.schema';
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ScanApp, settledRead, stateOf } from './app/scan/scan-app.tsx';
import { trackSessionRead, type SessionRead } from './app/scan/scan-entry-page.tsx';
import { initI18n, showLanguage, storedLanguage } from './app/scan/scan-i18n.ts';
import { readScanSession } from './features/scans/api/read-scan-session.ts';
import { ApiError } from './lib/api-client.ts';
import { hasStoredSession } from './lib/access-token.ts';
import './scan.css';

// The small entry for /scans/{scanId}: what a stranger opens in an emergency. The server draws
// the page (scan-server.tsx) and embeds what it was drawn from; this script hydrates that markup
// without asking for the session again. A build without the server renderer serves the page
// empty, with the session data preloaded instead: then the data is read here and drawn.
const scanId = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
const container = document.getElementById('root')!;
const embedded = document.getElementById('scan-data')?.textContent;

async function start(): Promise<void> {
  if (!embedded) {
    const read = trackSessionRead(readScanSession(scanId));
    // Draw the page once, with its data and texts, rather than a spinner that the content then
    // pushes down; on a slow network give up waiting after a moment and show the spinner.
    await Promise.race([
      Promise.all([initI18n(), read.settled]),
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]);
    createRoot(container).render(<ScanApp read={read} />);
    return;
  }

  const data = JSON.parse(embedded) as ScanPageData;
  // The server's language first (its texts are preloaded), so hydration matches its markup.
  await initI18n(data.language);
  const app = (read: SessionRead) => <ScanApp read={read} />;
  const state = stateOf(data);
  let root!: Root;
  if (container.firstChild) {
    // As a transition: the page is already drawn and readable, so hydration yields to the
    // browser every few milliseconds instead of holding the main thread (taps stay responsive).
    startTransition(() => {
      root = hydrateRoot(container, app(settledRead(state)));
    });
  } else {
    root = createRoot(container);
    root.render(app(settledRead(state)));
  }

  // A language chosen in this browser before it was remembered for the server too.
  const choice = storedLanguage();
  if (
    choice &&
    choice !== data.language &&
    !new URL(window.location.href).searchParams.has('lang')
  ) {
    void showLanguage(choice);
  }
  // The server cannot see the owner's sign-in (kept in this browser's storage): an owner opening
  // their own private QR gets it read once more, with their token.
  if (
    state.status === 'error' &&
    state.error instanceof ApiError &&
    state.error.status === 403 &&
    hasStoredSession()
  ) {
    const read = trackSessionRead(readScanSession(scanId));
    await read.settled;
    if (read.state.status === 'success') root.render(app(read));
  }
}

void start();

// The app's web manifest is not needed to draw the page: linked a moment after it has drawn, so
// its request (and its icons') do not compete with the page's own on a slow network.
setTimeout(() => {
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = '/manifest.webmanifest';
  document.head.append(manifest);
}, 1000);
