import { runtimeConfig } from './runtime-config.ts';

/** Where the sign-in library keeps the signed-in user (spec §9: local storage). */
export const storedUserKey = () =>
  `oidc.user:${runtimeConfig.oidcAuthority}:${runtimeConfig.oidcClientId}`;

interface StoredUser {
  access_token?: string;
  expires_at?: number;
}

function storedUser(): StoredUser | undefined {
  try {
    const raw = window.localStorage.getItem(storedUserKey());
    return raw ? (JSON.parse(raw) as StoredUser) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The current access token, read straight from storage so API calls need not load the sign-in
 * library (the scan page stays small); undefined when signed out or expired.
 */
export async function getAccessToken(): Promise<string | undefined> {
  const user = storedUser();
  if (!user?.access_token) return undefined;
  if (user.expires_at !== undefined && user.expires_at * 1000 <= Date.now()) return undefined;
  return user.access_token;
}

/** True when a signed-in, unexpired user is stored (for pages that do not load the sign-in library). */
export const hasStoredSession = () => {
  const user = storedUser();
  return Boolean(user?.access_token && (user.expires_at ?? Infinity) * 1000 > Date.now());
};
