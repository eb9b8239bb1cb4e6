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
