// The one kit for the web app's component tests: texts, a signed-in or signed-out user, a query
// client and a data router around the component, and fetch stand-ins (api-mock.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { Suspense, type ReactElement } from 'react';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import i18n, { initI18n, type Language } from '../lib/i18n.ts';

/** Every namespace of the app's texts (one file a namespace under locales/en). */
export const NAMESPACES = Object.keys(import.meta.glob('../locales/en/*.json')).map((file) =>
  file.replace(/^.*\/(.+)\.json$/, '$1'),
);

/** Loads every namespace's texts in `language`, so nothing suspends while rendering. */
export async function loadTexts(language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(NAMESPACES);
}

/** The auth context react-oidc-context provides: signed in (claims, plan groups) or not. */
export function fakeAuth({
  signedIn = true,
  groups,
  profile = {},
}: { signedIn?: boolean; groups?: string[]; profile?: Record<string, unknown> } = {}) {
  return {
    isAuthenticated: signedIn,
    isLoading: false,
    user: signedIn
      ? ({
          profile: { sub: 'owner-1', ...(groups ? { groups } : {}), ...profile },
          access_token: 'token-1',
        } as unknown as User)
      : null,
  } as unknown as AuthContextProps;
}

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export interface RenderAppOptions extends RenderOptions {
  language?: Language;
  /** The address the router opens at. */
  route?: string;
  /** The path `ui` is mounted at; others get stand-in pages ('Pricing page', 'Elsewhere'). */
  path?: string;
  /** Routes instead of `ui` at `path`. */
  routes?: RouteObject[];
  auth?: AuthContextProps;
  queryClient?: QueryClient;
}

/**
 * Renders `ui` as the app would: texts loaded, an auth context (signed in unless given), a query
 * client, a data router, Suspense and the toaster.
 */
export async function renderApp(
  ui: ReactElement | null,
  {
    language = 'en',
    route,
    path,
    routes,
    auth = fakeAuth(),
    queryClient = newQueryClient(),
    ...options
  }: RenderAppOptions = {},
) {
  await loadTexts(language);
  const router = createMemoryRouter(
    routes ??
      (path
        ? [
            { path, element: ui },
            { path: '/pricing', element: <p>Pricing page</p> },
            { path: '*', element: <p>Elsewhere</p> },
          ]
        : [{ path: '*', element: <Suspense fallback={null}>{ui}</Suspense> }]),
    { initialEntries: [route ?? path ?? '/'] },
  );
  const result = render(
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster />
      </QueryClientProvider>
    </AuthContext.Provider>,
    options,
  );
  return { ...result, queryClient, router };
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
