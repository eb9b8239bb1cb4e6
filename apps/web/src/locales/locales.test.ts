import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every namespace file in src/locales, found on disk, so a file another feature adds is checked
 * as soon as it exists: English and Hindi have exactly the same keys and no empty texts.
 */
const localesDir = path.dirname(fileURLToPath(import.meta.url));
const languages = ['en', 'hi'] as const;

const namespacesOf = (language: string) =>
  readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

type Tree = { [key: string]: string | Tree };

const load = (language: string, namespace: string): Tree =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;

/** `{ a: { b: 'x' } }` → `[['a.b', 'x']]`; a value that is not text or an object is reported. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? leaves(value, at)
      : [[at, value] as [string, unknown]];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the leaves helper', () => {
  it('lists nested key paths with their values', () => {
    expect(leaves({ a: { b: 'x', c: { d: '' } }, e: 'y' })).toEqual([
      ['a.b', 'x'],
      ['a.c.d', ''],
      ['e', 'y'],
    ]);
  });
});

const allNamespaces = [...new Set(languages.flatMap(namespacesOf))];

describe('locales', () => {
  it('have the common namespace in both languages', () => {
    expect(allNamespaces).toContain('common');
  });

  it('have the same namespace files in English and Hindi', () => {
    expect(namespacesOf('hi')).toEqual(namespacesOf('en'));
  });

  describe.each(allNamespaces)('namespace %s', (namespace) => {
    const files = Object.fromEntries(
      languages
        .filter((language) => namespacesOf(language).includes(namespace))
        .map((language) => [language, leaves(load(language, namespace))]),
    );

    it('has exactly the same key paths in English and Hindi', () => {
      const keys = (language: string) => (files[language] ?? []).map(([key]) => key).sort();
      expect(keys('hi')).toEqual(keys('en'));
    });

    it('has no empty or non-text value', () => {
      for (const language of languages) {
        const bad = (files[language] ?? [])
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => `${language}:${key}`);
        expect(bad).toEqual([]);
      }
    });

    it('uses the same {{placeholders}} in both languages', () => {
      const hindi = new Map(files.hi ?? []);
      const mismatched = (files.en ?? [])
        .filter(([key, value]) => typeof value === 'string' && typeof hindi.get(key) === 'string')
        .filter(
          ([key, value]) =>
            placeholders(value as string).join() !== placeholders(hindi.get(key) as string).join(),
        )
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  });
});
