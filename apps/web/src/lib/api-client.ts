import { getAccessToken } from './access-token.ts';
import { runtimeConfig } from './runtime-config.ts';

/** Every failed API call becomes one ApiError carrying the server's message (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(path: string): string {
  return `${runtimeConfig.apiBaseUrl}${path}`;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.auth !== false) {
    const token = await getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'An error occurred. Please try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = data as { message?: string; fields?: Record<string, string> } | undefined;
    throw new ApiError(response.status, body?.message || text || response.statusText, body?.fields);
  }
  return data as T;
}
