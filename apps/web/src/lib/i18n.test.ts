import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n.ts';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('detectLanguage', () => {
  it('uses the remembered choice first', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(detectLanguage()).toBe('hi');
  });

  it('picks Hindi when the browser prefers it', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en']);
    expect(detectLanguage()).toBe('hi');
  });

  it('falls back to English for other languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(detectLanguage()).toBe('en');
  });
});
