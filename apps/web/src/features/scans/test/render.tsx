import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import type { User } from 'oidc-client-ts';
import { AuthContext, type AuthContextProps } from 'react-oidc-context';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

/** Loads the texts the scan screens use, in `language`, so nothing suspends while rendering. */
export async function loadTexts(language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['scans', 'qr-codes']);
}

/** The auth context react-oidc-context would provide: signed in (with plan groups) or not. */
export function fakeAuth({
  signedIn = true,
  groups = [] as string[],
}: { signedIn?: boolean; groups?: string[] } = {}) {
  return {
    isAuthenticated: signedIn,
    isLoading: false,
    user: signedIn
      ? ({ profile: { sub: 'owner-1', groups }, access_token: 'token-1' } as unknown as User)
      : null,
  } as unknown as AuthContextProps;
}

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders `ui` at `route` (or the given routes) inside a data router and a query client. */
export async function renderWithApp(
  ui: ReactElement | null,
  {
    language = 'en',
    queryClient = newQueryClient(),
    route = '/',
    routes,
    auth = fakeAuth({ signedIn: false }),
    ...options
  }: RenderOptions & {
    language?: Language;
    queryClient?: QueryClient;
    route?: string;
    routes?: RouteObject[];
    auth?: AuthContextProps;
  } = {},
) {
  await loadTexts(language);
  const router = createMemoryRouter(
    routes ?? [{ path: '*', element: <Suspense fallback={null}>{ui}</Suspense> }],
    { initialEntries: [route] },
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

export interface FetchCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch: `answer` decides each reply; the calls are recorded. */
export function stubFetch(
  answer: (
    call: FetchCall,
  ) =>
    { status?: number; body?: unknown } | Response | Promise<{ status?: number; body?: unknown }>,
) {
  const calls: FetchCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const reply = await answer(call);
    if (reply instanceof Response) return reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
