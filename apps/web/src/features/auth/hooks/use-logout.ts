import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { logoutUrl } from '../../../lib/auth.ts';

/** Logout removes the local user, then goes to the provider's hosted logout (spec §4). */
export function useLogout() {
  const auth = useAuth();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    await auth.removeUser();
    window.location.assign(logoutUrl());
  };
  return { logout, isLoggingOut };
}
