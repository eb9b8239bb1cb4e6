/** The page languages, as the web app has them. */
export type PageLanguage = 'en' | 'hi';

/**
 * The language a page picks when nothing is stored in the browser: the first of Hindi or English
 * in the browser's preference order (as the scan page's own detection), else English.
 */
export function preferredLanguage(acceptLanguage: string | undefined): PageLanguage {
  for (const range of (acceptLanguage ?? '').split(',')) {
    const base = range.split(';')[0].trim().toLowerCase().split('-')[0];
    if (base === 'hi' || base === 'en') return base;
  }
  return 'en';
}

/**
 * A server-rendered page's language: one asked for in the address (`?lang=`, the language switch
 * of a page without script), else the one chosen in this browser (the
 * `carecode.language` cookie the web app's switch writes), else the
 * browser's preference.
 */
export function requestLanguage(request: {
  query?: unknown;
  headers: { cookie?: string; 'accept-language'?: string };
}): PageLanguage {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (asked === 'en' || asked === 'hi') return asked;
  const cookie = request.headers.cookie?.match(/(?:^|;\s*)carecode\.language=(en|hi)(?:;|$)/);
  if (cookie) return cookie[1] as PageLanguage;
  return preferredLanguage(request.headers['accept-language']);
}
