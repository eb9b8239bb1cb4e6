// Fetch stand-ins for component tests: the API answered by a function or a route table, every
// call recorded.
import { vi } from 'vitest';

/** A JSON Response as the API would send it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FetchCall {
  method: string;
  url: string;
  /** The path after `/api`. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | Response;

/** Replaces fetch: `answer` decides each reply; the calls are recorded. */
export function stubFetch(
  answer: (call: FetchCall) => Answer | undefined | Promise<Answer | undefined>,
) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      url,
      path: new URL(url, 'http://localhost').pathname.replace(/^\/api/, ''),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      // JSON bodies parsed; a file (a CSV upload) kept as it was sent.
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
    };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const reply = (await answer(call)) ?? { status: 404, body: { code: 'ROUTE_NOT_FOUND' } };
    if (reply instanceof Response) return reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Replaces fetch with a route table over `METHOD /path` (the path after `/api`); other calls
 * answer 404 'QR code not found.'. Returns the recorded calls.
 */
export function mockApi(routes: Record<string, (call: FetchCall) => Answer | undefined>) {
  return stubFetch(
    (call) =>
      routes[`${call.method} ${call.path}`]?.(call) ?? {
        status: 404,
        body: { code: 'QR_NOT_FOUND', message: 'QR code not found.' },
      },
  );
}
