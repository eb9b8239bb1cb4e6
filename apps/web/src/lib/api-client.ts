import {
  errorText,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '@carecode/domain/errors/error-catalog';
import { getAccessToken } from './access-token.ts';
import { detectLanguage } from './language.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * Every failed API call becomes one ApiError: the answer's stable code (and the values of its
 * sentence), so the UI shows the sentence in the reader's language (see error-text.ts); the
 * server's English sentence is the Error's message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
  readonly fields?: Record<string, string>;
  /** A bulk upload's bad rows: each row's line in the file and its field messages. */
  readonly rows?: Array<{ line: number; fields: Record<string, string> }>;
  /** False when the code was inferred from the status (an answer without one). */
  readonly isCoded: boolean;

  constructor(
    status: number,
    code: ErrorCode,
    options: {
      message?: string;
      params?: ErrorParams;
      fields?: Record<string, string>;
      rows?: Array<{ line: number; fields: Record<string, string> }>;
      isCoded?: boolean;
    } = {},
  ) {
    super(options.message ?? errorText(code, options.params));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = options.params;
    this.fields = options.fields;
    this.rows = options.rows;
    this.isCoded = options.isCoded ?? true;
  }

  /** The ApiError of an answer's status and body (a body without a known code: by status). */
  static fromAnswer(status: number, body: unknown): ApiError {
    const answer = (body ?? {}) as {
      code?: unknown;
      message?: unknown;
      params?: ErrorParams;
      fields?: Record<string, string>;
      rows?: Array<{ line: number; fields: Record<string, string> }>;
    };
    const code = isErrorCode(answer.code) ? answer.code : codeOfStatus(status);
    return new ApiError(status, code, {
      message: typeof answer.message === 'string' && answer.message ? answer.message : undefined,
      params: answer.params,
      fields: answer.fields,
      rows: Array.isArray(answer.rows) ? answer.rows : undefined,
      isCoded: isErrorCode(answer.code),
    });
  }
}

/** A code for an answer that carries none (a proxy's error page, say). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'SIGN_IN_REQUIRED';
  if (status === 404) return 'ROUTE_NOT_FOUND';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** 'text': answer the body as it came (a CSV file, say) instead of parsing JSON; 'blob': bytes. */
  responseType?: 'json' | 'text' | 'blob';
  /** A body sent as it is (a CSV file) instead of JSON. */
  rawBody?: { content: string | Blob; contentType: string };
}

export function apiUrl(path: string): string {
  return `${runtimeConfig.apiBaseUrl}${path}`;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  // The reader's language, for what the server writes to them later (mails, alerts).
  const headers: Record<string, string> = {
    accept: request.responseType && request.responseType !== 'json' ? '*/*' : 'application/json',
    'accept-language': detectLanguage(),
  };
  // A form (a file with it) goes as multipart, with the boundary the browser writes.
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  if (request.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (request.rawBody) headers['content-type'] = request.rawBody.contentType;
  if (request.auth !== false) {
    const token = await getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: request.method ?? 'GET',
      headers,
      body: request.rawBody
        ? request.rawBody.content
        : request.body === undefined
          ? undefined
          : isForm
            ? (request.body as FormData)
            : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_FAILED');
  }
  if (response.status === 204) return undefined as T;
  if (response.ok && request.responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (response.ok && request.responseType === 'text') return text as T;
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) throw ApiError.fromAnswer(response.status, data);
  return data as T;
}
