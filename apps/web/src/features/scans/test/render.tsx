import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

/** Loads the texts the scan screens use, in `language`, so nothing suspends while rendering. */
export async function loadTexts(language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['scans', 'qr-codes']);
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
    ...options
  }: RenderOptions & {
    language?: Language;
    queryClient?: QueryClient;
    route?: string;
    routes?: RouteObject[];
  } = {},
) {
  await loadTexts(language);
  const router = createMemoryRouter(
    routes ?? [{ path: '*', element: <Suspense fallback={null}>{ui}</Suspense> }],
    { initialEntries: [route] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
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
  answer: (call: FetchCall) => { status?: number; body?: unknown } | Promise<never>,
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
    const reply = await answer(call);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
