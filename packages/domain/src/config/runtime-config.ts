/**
 * What the server tells the web app at load (embedded in index.html as JSON, and answered by
 * `GET /api/config`): where the API and the sign-in provider are, and the support contact.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  oidcAuthority: string;
  oidcClientId: string;
  /** An external provider's hosted logout, if it has one. */
  oidcLogoutUrl: string | null;
  builtInIdentity: boolean;
  supportEmail: string;
  siteHost: string;
  publicUrl: string;
  /** The application server key for Web Push subscriptions (base64url); null when off. */
  vapidPublicKey: string | null;
  /** Days scanners' locations and scans are kept (the privacy page states them). */
  retention: { locationDays: number; scanDays: number };
}
