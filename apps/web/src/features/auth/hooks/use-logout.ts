import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { logoutUrl } from '../../../lib/auth.ts';

/** Logout removes the local user, then goes to the provider's hosted logout (spec §4). */
export function useLogout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    try {
      await auth.removeUser();
    } catch {
      setLoggingOut(false);
      // The toaster loads apart from the first paint: so does its function.
      void import('sonner').then(({ toast }) => toast.error(t('errors.signOutFailed')));
      return;
    }
    window.location.assign(logoutUrl());
  };
  return { logout, isLoggingOut };
}
