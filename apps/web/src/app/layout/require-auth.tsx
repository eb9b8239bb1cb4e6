import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { Outlet, useLocation } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { useLiveScanEvents } from './use-live-scan-events.ts';
import { useSignIn } from '../../lib/sign-in.ts';

/** Sends a signed-out visitor to sign-in, remembering path plus query to come back to. */
export function RequireAuth() {
  const auth = useAuth();
  const { signIn } = useSignIn();
  const location = useLocation();
  useLiveScanEvents();
  const mustSignIn =
    !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !auth.error;

  useEffect(() => {
    if (mustSignIn) {
      signIn(`${location.pathname}${location.search}`);
    }
  }, [mustSignIn, signIn, location.pathname, location.search]);

  // A user whose token lapsed while its renewal is retried keeps the page on screen.
  if (!auth.isAuthenticated && !auth.user) return <LoadingView hint={false} />;
  return <Outlet />;
}
