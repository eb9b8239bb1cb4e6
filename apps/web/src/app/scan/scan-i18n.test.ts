import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as appI18n from '../../lib/i18n.ts';
import {
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  languages,
  loadLanguage,
  translate,
  type Language,
} from './scan-i18n.ts';

/** The namespaces the scan page reads, and i18next set up as the app sets it up (lib/i18n.ts). */
const NAMESPACES = ['common', 'scans', 'qr-codes'];
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Tree = { [key: string]: string | Tree };
const load = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

async function referenceI18n(resources: Record<string, Record<string, Tree>>) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Values for every placeholder in a text: a name, a number and a count. */
const sampleOptions = (text: string, count?: number) => {
  const options: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{\s*(\w+)/g)) options[name] = `«${name}»`;
  if (count !== undefined) options.count = count;
  return options;
};

beforeAll(() => loadLanguage('hi'));
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("the scan page's translator", () => {
  it('gives exactly what i18next gives for every text of its namespaces, in both languages', async () => {
    const resources = Object.fromEntries(
      languages.map((language) => [
        language,
        Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load(language, namespace)])),
      ]),
    );
    const reference = await referenceI18n(resources);
    let compared = 0;
    for (const language of languages) {
      for (const namespace of NAMESPACES) {
        const t = reference.getFixedT(language, namespace);
        for (const [key, text] of leaves(load('en', namespace))) {
          const plural = key.match(/^(.*)_(zero|one|two|few|many|other)$/);
          const asked = plural ? plural[1] : key;
          for (const count of plural ? [0, 1, 2, 5] : [undefined]) {
            const options = sampleOptions(text, count);
            expect(translate(language, [namespace], asked, options), `${language} ${key}`).toBe(
              t(asked, options),
            );
            expect(translate(language, ['common'], `${namespace}:${asked}`, options)).toBe(
              t(`${namespace}:${asked}`, options),
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('looks a key up in each of the given namespaces and answers the key when missing', async () => {
    const reference = await referenceI18n({
      en: { scans: { page: { title: 'Scanned QR details' } }, 'qr-codes': { only: 'en only' } },
      hi: { scans: { page: { title: 'स्कैन किए गए QR का विवरण' } } },
    });
    const t = (language: Language, key: string, options?: Record<string, unknown>) =>
      reference.getFixedT(language, ['scans', 'qr-codes'])(key, options);

    expect(translate('hi', ['scans', 'qr-codes'], 'page.title')).toBe(t('hi', 'page.title'));
    expect(translate('en', ['scans', 'qr-codes'], 'page.title')).toBe('Scanned QR details');
    expect(translate('hi', ['scans'], 'scans:no.such.key')).toBe(t('hi', 'scans:no.such.key'));
    expect(translate('en', ['scans'], 'no.such.key')).toBe(t('en', 'no.such.key'));
    // A placeholder without a value stays as written, as in i18next.
    expect(translate('en', ['qr-codes'], 'details.title')).toBe('{{kind}} Details');
    expect(translate('en', ['qr-codes'], 'details.title', { kind: 'Vehicle' })).toBe(
      'Vehicle Details',
    );
  });

  it('decides the language as the app does, with the same storage key', () => {
    const cases: [string | null, string[]][] = [
      ['hi', ['en-US']],
      ['en', ['hi-IN']],
      ['fr', ['hi-IN', 'en']],
      [null, ['hi-IN', 'en']],
      [null, ['en-GB', 'hi']],
      [null, ['fr-FR']],
      [null, []],
    ];
    for (const [stored, preferred] of cases) {
      window.localStorage.clear();
      if (stored) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(preferred);
      expect(detectLanguage(), `${stored} ${preferred.join()}`).toBe(appI18n.detectLanguage());
    }
  });
});

describe('the locale files the translator ships', () => {
  it('are all the namespaces the scan page uses', () => {
    // If the scan page starts using another namespace, the translator must ship it too.
    const sources = [
      '../../features/qr-codes/components/qr-details-view.tsx',
      '../../components/emergency-numbers-list.tsx',
      '../../features/qr-codes/components/report-abuse-line.tsx',
      '../../features/scans/components/location-banner.tsx',
      '../../components/ui/loading-view.tsx',
      '../../components/ui/button.tsx',
      '../layout/lite-layout.tsx',
      '../layout/layout-parts.tsx',
      '../layout/language-switch.tsx',
      ...readdirSync(path.dirname(fileURLToPath(import.meta.url)))
        .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
        .map((file) => `./${file}`),
    ];
    const used = new Set<string>();
    for (const source of sources) {
      const code = readFileSync(new URL(source, import.meta.url), 'utf8');
      for (const [, args] of code.matchAll(/useTranslation\(([^)]*)\)/g)) {
        for (const [, name] of args.matchAll(/'([\w-]+)'/g)) used.add(name);
        if (args.includes('SCAN_NAMESPACES')) ['scans', 'qr-codes'].forEach((n) => used.add(n));
        if (!args.trim()) used.add('common');
      }
      for (const [, name] of code.matchAll(/t\(`?'?([\w-]+):/g)) used.add(name);
    }
    expect([...used].sort()).toEqual([...NAMESPACES].sort());
  });
});
