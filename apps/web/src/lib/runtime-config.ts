import type { RuntimeConfig } from '@carecode/domain/config/runtime-config';

export type { RuntimeConfig };

function read(): RuntimeConfig {
  const origin = typeof window === 'undefined' ? 'http://localhost:8080' : window.location.origin;
  const fallback: RuntimeConfig = {
    apiBaseUrl: `${origin}/api`,
    oidcAuthority: `${origin}/oidc`,
    oidcClientId: 'carecode-web',
    oidcLogoutUrl: `${origin}/oidc/logout`,
    builtInIdentity: true,
    supportEmail: `support@${typeof window === 'undefined' ? 'localhost' : window.location.hostname}`,
    siteHost: typeof window === 'undefined' ? 'localhost:8080' : window.location.host,
    publicUrl: origin,
    vapidPublicKey: null,
    retention: { locationDays: 90, scanDays: 730 },
  };
  const element =
    typeof document === 'undefined' ? null : document.getElementById('runtime-config');
  if (!element?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) };
  } catch {
    return fallback;
  }
}

export const runtimeConfig: RuntimeConfig = read();

/** The URL encoded in every QR code. */
export const scanUrlFor = (qrId: string) => `${runtimeConfig.apiBaseUrl}/qr-codes/${qrId}/scan`;
