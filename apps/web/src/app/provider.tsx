import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { getUserManager, SILENT_RENEW_TIMEOUT_ERRORS } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

export const TOAST_DURATION_MS = 4000;

// Its own chunk: the first paint (the scan page above all) does not wait for the toaster.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** After sign-in, go to the path saved by the guard, or to /dashboard. */
function onSigninCallback(user: { state?: unknown } | void) {
  const state = (user && (user.state as { returnTo?: string } | undefined)) || undefined;
  const returnTo = state?.returnTo?.startsWith('/') ? state.returnTo : '/dashboard';
  void router.navigate(returnTo, { replace: true });
}

function useSilentRenewRetry() {
  useEffect(() => {
    const manager = getUserManager();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onError = (error: Error) => {
      if (SILENT_RENEW_TIMEOUT_ERRORS.some((text) => error.message.includes(text))) {
        clearTimeout(timer);
        timer = setTimeout(() => void manager.signinSilent().catch(() => undefined), 5000);
      }
    };
    manager.events.addSilentRenewError(onError);
    return () => {
      clearTimeout(timer);
      manager.events.removeSilentRenewError(onError);
    };
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
