import { useAuth } from 'react-oidc-context';

/** Starts sign-in at the identity provider; after it the browser returns to `returnTo`. */
export function useSignIn() {
  const auth = useAuth();
  return {
    isSignedIn: auth.isAuthenticated,
    signIn: (returnTo = '/dashboard') => void auth.signinRedirect({ state: { returnTo } }),
  };
}
