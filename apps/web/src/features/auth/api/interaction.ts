import type { LoginInput, RegisterInput } from '@carecode/domain/users/user.schema';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The built-in provider's interaction API (same origin as the page: the provider sends the
 * browser here, and its interaction cookie is scoped to /oidc/interaction/{uid}).
 */
const interactionPath = (uid: string, action: string) =>
  `/oidc/interaction/${encodeURIComponent(uid)}/${action}`;

export interface InteractionDetails {
  uid: string;
  prompt: string;
  loginHint?: string;
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_FAILED');
  }
  const data = (await response.json().catch(() => undefined)) as
    (T & { message?: string; fields?: Record<string, string> }) | undefined;
  if (!response.ok) throw ApiError.fromAnswer(response.status, data);
  return data as T;
}

export const interactionQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['auth', 'interaction', uid],
    queryFn: () => call<InteractionDetails>(interactionPath(uid, 'details')),
    retry: false,
    staleTime: Infinity,
  });

/** Checks the password; answers the provider address that completes sign-in. */
export const submitLogin = (uid: string, input: LoginInput) =>
  call<{ redirectTo: string }>(interactionPath(uid, 'login'), input);

/** Creates the account and signs in; answers the provider address that completes sign-in. */
export const submitRegistration = (uid: string, input: RegisterInput) =>
  call<{ redirectTo: string }>(interactionPath(uid, 'register'), input);
