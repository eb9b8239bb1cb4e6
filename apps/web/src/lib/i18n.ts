import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import hiCommon from '../locales/hi/common.json';

import { detectLanguage, languages, rememberLanguage, type Language } from './language.ts';

export { detectLanguage, LANGUAGE_STORAGE_KEY, languages, type Language } from './language.ts';

/** Every namespace but `common` is a lazily loaded chunk, so a page loads only its own texts. */
const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export function setLanguage(language: Language) {
  rememberLanguage(language);
  void i18n.changeLanguage(language);
}

export function initI18n(language: Language = detectLanguage()) {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: enCommon }, hi: { common: hiCommon } },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  const syncHtmlLang = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncHtmlLang(language);
  i18n.on('languageChanged', syncHtmlLang);
  return i18n;
}

export default i18n;
