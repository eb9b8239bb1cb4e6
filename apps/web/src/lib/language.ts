/**
 * The page language, chosen the same way by the app (i18next) and by the scan entry (its own
 * small translator): no translation library here, so the scan entry's build can share it.
 */
export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];
export const LANGUAGE_STORAGE_KEY = 'carecode.language';
/** The same choice as a cookie, so the server renders the scan page in it (see web-app.ts). */
export const LANGUAGE_COOKIE = 'carecode.language';

/** The language stored in this browser by the switch, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'en' || stored === 'hi') return stored;
  } catch {
    // storage can be blocked
  }
  return undefined;
}

/** Stored choice first, then the browser's preference, then English. */
export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const preferred =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'hi') return 'hi';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** Remembers the language switch in this browser. */
export function rememberLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // the choice still applies to this page
  }
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies blocked: the server goes by the browser's preference
  }
}
