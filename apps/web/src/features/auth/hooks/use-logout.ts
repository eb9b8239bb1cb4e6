import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { toast } from 'sonner';
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
      toast.error(t('errors.signOutFailed'));
      return;
    }
    window.location.assign(logoutUrl());
  };
  return { logout, isLoggingOut };
}
