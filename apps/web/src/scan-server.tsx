import type { RuntimeConfig } from '@carecode/domain/config/runtime-config';
import type { ScanPageData } from '@carecode/domain/scans/scan.schema';
import { renderToString } from 'react-dom/server';
import { ScanApp, settledRead, stateOf } from './app/scan/scan-app.tsx';
import { initI18n, loadLanguage } from './app/scan/scan-i18n.ts';
import { runtimeConfig } from './lib/runtime-config.ts';

// The scan page's server entry, built by vite.config.ts into {dist}/.server/scan-page.js (one
// file with React's server renderer, the page and its texts) and loaded by the server at start.

/**
 * The scan page's markup for this data, in its language: the same tree the browser hydrates
 * (scan-main.tsx). The page's title comes apart, for the document's head.
 */
export async function renderScanPage(
  data: ScanPageData,
  config: RuntimeConfig,
): Promise<{ html: string; title: string }> {
  await loadLanguage(data.language);
  // What follows runs synchronously, so renders of other requests cannot interleave with the
  // language and configuration set here.
  Object.assign(runtimeConfig, config);
  void initI18n(data.language);
  // Without the preloads React puts first (the page's template preloads what it needs).
  let html = renderToString(<ScanApp read={settledRead(stateOf(data))} />).replace(
    /^(?:<link [^>]*>)+/,
    '',
  );
  let title = 'CareCode';
  html = html.replace(/<title>([^<]*)<\/title>/, (_match, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}
