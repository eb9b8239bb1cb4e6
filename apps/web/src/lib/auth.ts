import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { runtimeConfig } from './runtime-config.ts';

/** Sign-in settings from spec §9: code flow, scopes, timings, where state and user are kept. */
export function userManagerSettings(): UserManagerSettings {
  const origin = window.location.origin;
  return {
    authority: runtimeConfig.oidcAuthority,
    client_id: runtimeConfig.oidcClientId,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: origin,
    response_type: 'code',
    scope: 'openid email phone',
    resource: runtimeConfig.builtInIdentity ? runtimeConfig.apiBaseUrl : undefined,
    automaticSilentRenew: true,
    monitorSession: true,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: 10,
    checkSessionIntervalInSeconds: 2,
    staleStateAgeInSeconds: 15 * 60,
    // The built-in provider's ID token carries every claim, and its access tokens are JWTs for
    // the API, which the userinfo endpoint does not accept.
    loadUserInfo: !runtimeConfig.builtInIdentity,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  };
}

let manager: UserManager | undefined;

/** One UserManager for the whole app (the auth provider and the API client share it). */
export function getUserManager(): UserManager {
  manager ??= new UserManager(userManagerSettings());
  return manager;
}

export { getAccessToken } from './access-token.ts';

/** Hosted logout: the provider's logout address with the client id and the site origin. */
export function logoutUrl(): string {
  const base = runtimeConfig.oidcLogoutUrl ?? `${runtimeConfig.oidcAuthority}/logout`;
  const url = new URL(base);
  url.searchParams.set('client_id', runtimeConfig.oidcClientId);
  url.searchParams.set('logout_uri', window.location.origin);
  return url.toString();
}

/** Session-check errors that simply mean "anonymous" (spec §8). */
export const ANONYMOUS_SESSION_ERRORS = [
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
];
