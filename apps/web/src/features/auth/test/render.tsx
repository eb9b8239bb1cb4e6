import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

/** Renders inside a router, a query client and Suspense, with the auth texts loaded. */
export async function renderAuth(ui: ReactElement, language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('auth');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
