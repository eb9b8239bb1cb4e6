import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

/** Loads the given namespaces in `language` before rendering, so nothing suspends. */
export async function loadTexts(language: Language, namespaces: string[]) {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespaces);
}

/** Renders inside a router, a query client and Suspense (texts must be loaded first). */
export function renderInApp(ui: ReactElement, route = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Makes `matchMedia('(prefers-reduced-motion: reduce)')` answer `reduce`. */
export function mockReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
