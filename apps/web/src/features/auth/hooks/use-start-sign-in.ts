import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { useSignIn } from '../../../lib/sign-in.ts';

/**
 * /login or /register opened directly (no sign-in in progress): start one, like the header's
 * Login button; a visitor already signed in goes to the dashboard.
 */
export function useStartSignIn({
  isEnabled,
  beforeStart,
}: {
  isEnabled: boolean;
  beforeStart?: () => void;
}) {
  const auth = useAuth();
  const { signIn } = useSignIn();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (!isEnabled || auth.isLoading || hasStarted.current) return;
    hasStarted.current = true;
    if (auth.isAuthenticated) {
      void navigate('/dashboard', { replace: true });
      return;
    }
    beforeStart?.();
    signIn();
  }, [isEnabled, auth, navigate, beforeStart]);
}
