import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: MockCall) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch with a router over `METHOD /path` (path after `/api`); unknown calls answer 404.
 * Returns the recorded calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = routes[`${method} ${path}`]?.(call) ?? {
      status: 404,
      body: { message: 'QR code not found.' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
