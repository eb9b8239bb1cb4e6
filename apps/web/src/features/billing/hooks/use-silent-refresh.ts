import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useSearchParams } from 'react-router';
import { getUserManager } from '../../../lib/auth.ts';
import { currentUserKeys } from '../../../lib/current-user.ts';

/**
 * Spec §2/§8: with `?refresh=true` the pricing page renews the token silently (so a plan bought a
 * moment ago shows), then removes the query. The UserManager is called directly: the context's
 * wrapper would put the whole layout into its loading and error states, and a failure here must
 * only be logged ('Renew silent failed').
 */
export function useSilentRefresh(
  renew: () => Promise<unknown> = () => getUserManager().signinSilent(),
) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const shouldRefresh = params.get('refresh') === 'true';
  const started = useRef(false);

  useEffect(() => {
    if (!shouldRefresh || started.current) return;
    started.current = true;
    const removeQuery = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('refresh');
          return next;
        },
        { replace: true },
      );
    if (!auth.isAuthenticated) {
      removeQuery();
      return;
    }
    // The plan comes from the server: asked again at once, whatever the renewal does.
    void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    renew()
      .catch((error: unknown) => console.error('Renew silent failed', error))
      .finally(removeQuery);
  }, [shouldRefresh, auth.isAuthenticated, renew, setParams, queryClient]);
}
