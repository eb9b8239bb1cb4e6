import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';

/** Where sign-in returns when nothing else was asked for. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** The state sign-in carries through the provider: the path (and query) to come back to. */
export interface SignInState {
  returnTo: string;
}

/** A path of this site to return to after sign-in; anything else becomes the dashboard. */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as Partial<SignInState> | undefined)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : DEFAULT_RETURN_PATH;
}

/** The current address as a return path (path and query). */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** Starts sign-in at the identity provider; the browser comes back to `returnTo` afterwards. */
export function useSignIn() {
  const auth = useAuth();
  const { signinRedirect } = auth;
  // Stable while the provider's is, so effects may depend on it.
  const signIn = useCallback(
    (returnTo: string = DEFAULT_RETURN_PATH) =>
      void signinRedirect({ state: { returnTo } satisfies SignInState }),
    [signinRedirect],
  );
  return { isSignedIn: auth.isAuthenticated, signIn };
}
