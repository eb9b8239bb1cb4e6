import { useSyncExternalStore } from 'react';
import enCommon from '../../locales/en/common.json';
import enQrCodes from '../../locales/en/qr-codes.json';
import enScans from '../../locales/en/scans.json';
import hiCommon from '../../locales/hi/common.json';
import { detectLanguage, rememberLanguage, type Language } from '../../lib/language.ts';

/**
 * The scan page's translator. In the scan entry's build it stands in for react-i18next and for
 * the app's i18n setup (see vite.config.ts), so a stranger's phone loads a page of texts instead
 * of i18next: the same locale files, the same language choice (stored choice, then the browser's
 * preference, then English; stored under the same key), English as the fallback, and the same
 * results for what the scan page's components use — namespaces, `ns:key`, nested keys,
 * `{{placeholders}}` and plural suffixes. English texts ship with the page; the Hindi texts of the
 * page's namespaces are one small file, loaded when Hindi is chosen (the server preloads it for
 * a Hindi browser). The tests hold its results to i18next's for every text of both languages.
 */

export {
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  languages,
  storedLanguage,
  type Language,
} from '../../lib/language.ts';

interface Tree {
  [key: string]: string | Tree;
}
type Namespaces = Record<string, Tree>;
type Options = Record<string, unknown>;

const texts: Record<Language, Namespaces> = {
  en: { common: enCommon, scans: enScans, 'qr-codes': enQrCodes },
  hi: { common: hiCommon },
};
/** The namespaces beyond `common`, per language, not shipped with the page. */
const loaders: Partial<Record<Language, () => Promise<Namespaces>>> = {
  hi: () => import('./scan-texts-hi.ts').then((module) => module.texts),
};
const loading = new Map<Language, Promise<void>>();
const loadedLanguages = new Set<Language>(['en']);
const isLoaded = (language: Language) => loadedLanguages.has(language);

/**
 * Loads a language's texts (resolves at once when they are there). When they cannot be loaded,
 * the page shows English where they are missing, as i18next does once its loading gives up.
 */
export function loadLanguage(language: Language): Promise<void> {
  const loader = loaders[language];
  if (isLoaded(language) || !loader) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = loader()
      .then(
        (namespaces) => {
          texts[language] = { ...texts[language], ...namespaces };
        },
        () => undefined,
      )
      .then(() => {
        loadedLanguages.add(language);
      });
    loading.set(language, pending);
  }
  return pending;
}

let current: Language = 'en';
const listeners = new Set<() => void>();

function show(language: Language) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Picks the page's language; its texts load first, so the page never shows keys. */
export function initI18n(language: Language = detectLanguage()) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return loadLanguage(language);
}

async function changeLanguage(language: Language) {
  await loadLanguage(language);
  show(language);
}

/** Shows the page in another language without remembering it (the switch remembers). */
export const showLanguage = changeLanguage;

/** The language switch: remembered in this browser, as in the app. */
export function setLanguage(language: Language) {
  rememberLanguage(language);
  void changeLanguage(language);
}

function lookup(tree: Tree | undefined, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
    let value: unknown = options;
    for (const part of inner.trim().replace(/^-\s*/, '').split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Options)[part] : undefined;
    }
    if (value === undefined) return match;
    return value === null ? '' : String(value);
  });
}

/** i18next's order: `key_zero` for 0, then the language's plural form, then the bare key. */
function candidates(language: Language, key: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const form = `${key}_${new Intl.PluralRules(language).select(count)}`;
  return count === 0 ? [`${key}_zero`, form, key] : [form, key];
}

export function translate(
  language: Language,
  namespaces: readonly string[],
  key: string,
  options?: Options,
): string {
  const separator = key.indexOf(':');
  const inNamespaces = separator > 0 ? [key.slice(0, separator)] : namespaces;
  const path = separator > 0 ? key.slice(separator + 1) : key;
  for (const code of language === 'en' ? (['en'] as const) : [language, 'en' as const]) {
    for (const namespace of inNamespaces) {
      for (const candidate of candidates(code, path, options?.count)) {
        const text = lookup(texts[code][namespace], candidate);
        if (typeof text === 'string') return interpolate(text, options);
      }
    }
  }
  return path;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLanguage = () => current;
/** One `t` per language and namespaces, stable across renders as react-i18next's. */
const translators = new Map<string, (key: string, options?: Options) => string>();

/** react-i18next's hook, for what the scan page uses: `t` and the language. */
export function useTranslation(namespace: string | readonly string[] = 'common') {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const namespaces = typeof namespace === 'string' ? [namespace] : namespace;
  // As react-i18next with Suspense: wait for texts that are not there yet.
  if (namespaces.some((name) => name !== 'common') && !isLoaded(language)) {
    throw loadLanguage(language);
  }
  const cacheKey = `${language}|${namespaces.join(',')}`;
  let t = translators.get(cacheKey);
  if (!t) {
    t = (key: string, options?: Options) => translate(language, namespaces, key, options);
    translators.set(cacheKey, t);
  }
  return { t, i18n: { language, resolvedLanguage: language, changeLanguage }, ready: true };
}
