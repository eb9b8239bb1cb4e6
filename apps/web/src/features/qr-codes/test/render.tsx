import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

// jsdom lacks pointer capture, which the toast library calls on press.
if (typeof Element !== 'undefined' && !Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}

/** Loads the qr-codes texts in `language` before rendering, so nothing suspends. */
export async function loadTexts(language: Language = 'en') {
  initI18n(language);
  await i18n.loadNamespaces('qr-codes');
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('qr-codes');
}

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders inside a router, a query client and Suspense, with the texts loaded. */
export async function renderWithApp(
  ui: ReactElement,
  {
    language = 'en',
    queryClient = newQueryClient(),
    route = '/',
    ...options
  }: RenderOptions & { language?: Language; queryClient?: QueryClient; route?: string } = {},
) {
  await loadTexts(language);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
    options,
  );
  return { ...result, queryClient };
}
