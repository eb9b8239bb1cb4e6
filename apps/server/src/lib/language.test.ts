import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language.ts';

describe('preferredLanguage', () => {
  it('is the first of Hindi or English in the browser preference order', () => {
    expect(preferredLanguage('hi-IN,hi;q=0.9,en-US;q=0.8')).toBe('hi');
    expect(preferredLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(preferredLanguage('fr-FR, HI;q=0.5')).toBe('hi');
  });

  it('is English for other languages or no header', () => {
    expect(preferredLanguage('fr-FR,de;q=0.5')).toBe('en');
    expect(preferredLanguage('')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('chinese')).toBe('en');
  });
});
