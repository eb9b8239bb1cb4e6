import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { getUserManager } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { keepSessionAlive } from '../lib/silent-renew.ts';
import { router } from './router.tsx';
import { currentPath, returnPathOf, type SignInState } from '../lib/sign-in.ts';

export const TOAST_DURATION_MS = 4000;

// Its own chunk: the first paint (the scan page above all) does not wait for the toaster.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** After sign-in, go to the path saved by the guard, or to /dashboard. */
function onSigninCallback(user: { state?: unknown } | void) {
  void router.navigate(returnPathOf(user ? user.state : undefined), { replace: true });
}

/** A failed renewal is retried with the page kept; an ended session signs in again, back here. */
function useSilentRenewRetry() {
  useEffect(() => {
    const manager = getUserManager();
    return keepSessionAlive(manager, () => {
      const returnTo = currentPath();
      void manager
        .removeUser()
        .then(() => manager.signinRedirect({ state: { returnTo } satisfies SignInState }));
    });
  }, []);
}

export function AppProvider() {
  const [queryClient] = useState(createQueryClient);
  useSilentRenewRetry();
  return (
    <AuthProvider userManager={getUserManager()} onSigninCallback={onSigninCallback}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster position="top-center" duration={TOAST_DURATION_MS} closeButton />
        </Suspense>
      </QueryClientProvider>
    </AuthProvider>
  );
}
