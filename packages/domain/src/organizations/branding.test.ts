import { describe, expect, it } from 'vitest';
import {
  brandColorFor,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  hasBrandContrast,
  relativeLuminance,
} from './branding.ts';

describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white and WCAG’s value for a mid grey', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 12);
    // #777777: channel 119/255 linearised ((0.4667+0.055)/1.055)^2.4 = 0.18447.
    expect(relativeLuminance('#777777')).toBeCloseTo(0.18447, 5);
  });

  it('weighs green most and blue least', () => {
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000FF')).toBeCloseTo(0.0722, 4);
  });

  it('refuses what is not #RRGGBB', () => {
    expect(() => relativeLuminance('red')).toThrow('not a #RRGGBB colour: red');
  });
});

describe('contrastRatio', () => {
  it('is 21 for white on black and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#1D4ED8', '#1D4ED8')).toBe(1);
  });

  it('gives the published ratios of white on the app red, a dark blue and a light yellow', () => {
    expect(contrastRatio('#B91C1C', '#FFFFFF')).toBeCloseTo(6.47, 2);
    expect(contrastRatio('#1D4ED8', '#FFFFFF')).toBeCloseTo(6.7, 2);
    expect(contrastRatio('#FEF08A', '#FFFFFF')).toBeCloseTo(1.16, 2);
  });

  it('puts the 4.5:1 line between #767676 (4.54) and #777777 (4.48)', () => {
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(hasBrandContrast('#767676')).toBe(true);
    expect(hasBrandContrast('#777777')).toBe(false);
  });
});

describe('brandColorFor', () => {
  it('keeps a dark blue, in upper case', () => {
    expect(brandColorFor('#1d4ed8')).toBe('#1D4ED8');
    expect(brandColorFor('#1E3A8A')).toBe('#1E3A8A');
  });

  it('falls back to the app red for a light yellow, a grey just under 4.5:1 and white', () => {
    expect(DEFAULT_BRAND_COLOR).toBe('#B91C1C');
    expect(brandColorFor('#FEF08A')).toBe('#B91C1C');
    expect(brandColorFor('#777777')).toBe('#B91C1C');
    expect(brandColorFor('#FFFFFF')).toBe('#B91C1C');
  });

  it('falls back for no colour and for a malformed one', () => {
    expect(brandColorFor(null)).toBe('#B91C1C');
    expect(brandColorFor(undefined)).toBe('#B91C1C');
    expect(brandColorFor('#12345')).toBe('#B91C1C');
    expect(brandColorFor('blue')).toBe('#B91C1C');
  });

  it('gives a colour white text reaches 4.5:1 on, whatever it is given', () => {
    for (const hex of ['#000000', '#FFFF00', '#00FF00', '#DC2626', '#767676', '#0F766E']) {
      expect(contrastRatio(brandColorFor(hex), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
