import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { Suspense, type ReactElement } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

export async function loadBillingTexts(language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('billing');
}

/** A signed-in user as react-oidc-context holds it (only the fields the pages read). */
export function fakeAuth(profile: Record<string, unknown> = {}, isAuthenticated = true) {
  return {
    isAuthenticated,
    isLoading: false,
    user: isAuthenticated
      ? ({ profile: { sub: 'user-1', ...profile }, access_token: 'token' } as unknown as User)
      : null,
  } as unknown as AuthContextProps;
}

/**
 * Renders `element` at `path` inside a memory router (with stand-in pages for the places it may
 * navigate to), a query client, Suspense and an auth context.
 */
export async function renderPage(
  element: ReactElement,
  {
    path = '/',
    url = path,
    auth = fakeAuth(),
    language = 'en',
  }: { path?: string; url?: string; auth?: AuthContextProps; language?: Language } = {},
) {
  await loadBillingTexts(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/pricing', element: <p>Pricing page</p> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return { ...result, router, queryClient };
}

/** A JSON Response as the API would send it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
