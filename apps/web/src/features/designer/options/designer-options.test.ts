import { qrTypes } from '@carecode/domain/qr-codes/qr-code.schema';
import { describe, expect, it } from 'vitest';
import {
  designerKindByType,
  downloadFileName,
  fittingTextColor,
  isAcceptedUpload,
  LOCKSCREEN,
  LOCKSCREEN_BACKGROUNDS,
  lockscreenQrSize,
  QR_COLORS,
  sizesByKind,
  TEXT_COLORS,
  themesByKind,
  titlesByKind,
  VEHICLE_LAYOUTS,
  type DesignerKind,
} from './designer-options.ts';
import { exportPixelRatio, isAppleMobile, MAX_CANVAS_SIDE } from '../lib/platform.ts';
import { AA_TEXT_CONTRAST, composite, contrastRatio } from '../lib/colour.ts';
import { formatNumberPlate } from '../lib/number-plate.ts';

const kinds = Object.keys(themesByKind) as DesignerKind[];

describe('download file names', () => {
  it('names the PNG for each kind', () => {
    expect(qrTypes.map((type) => downloadFileName(designerKindByType[type]))).toEqual([
      'carecode-child-qr.png',
      'carecode-person-qr.png',
      'carecode-vehicle-qr.png',
      'carecode-luggage-qr.png',
      'carecode-lockscreen-qr.png',
    ]);
  });
});

describe('themes', () => {
  it('offers four themes per kind, the child ones as in the spec', () => {
    for (const kind of kinds) expect(themesByKind[kind]).toHaveLength(4);
    expect(themesByKind.child.map((theme) => theme.label)).toEqual([
      'Sky Blue',
      'Pink',
      'Mint Green',
      'Classic White',
    ]);
  });

  it('gives every theme a unique id within its kind', () => {
    for (const kind of kinds) {
      const ids = themesByKind[kind].map((theme) => theme.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it.each(kinds)('keeps %s theme text at WCAG AA contrast (4.5:1) on its background', (kind) => {
    for (const theme of themesByKind[kind]) {
      expect(
        contrastRatio(theme.foreground, theme.background),
        `${kind} ${theme.label}`,
      ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('draws the QR black on white whatever the theme', () => {
    expect(contrastRatio(QR_COLORS.foreground, QR_COLORS.background)).toBe(21);
  });
});

describe('sizes', () => {
  it('offers Small, Medium and Large at 160/200/240 with scales 0.8/1/1.2', () => {
    for (const kind of ['child', 'person', 'luggage'] as const) {
      expect(sizesByKind[kind].map(({ label, width, scale }) => [label, width, scale])).toEqual([
        ['Small', 160, 0.8],
        ['Medium', 200, 1],
        ['Large', 240, 1.2],
      ]);
    }
  });

  it('makes vehicle stickers 160/240/300 wide', () => {
    expect(sizesByKind.vehicle.map(({ width, scale }) => [width, scale])).toEqual([
      [160, 0.8],
      [240, 1],
      [300, 1.2],
    ]);
  });

  it('sizes the lockscreen QR at 140 times the scale', () => {
    expect(sizesByKind.lockscreen.map((size) => size.scale)).toEqual([0.8, 1, 1.2]);
    for (const size of sizesByKind.lockscreen) {
      expect(size.width).toBe(lockscreenQrSize(size.scale));
    }
    expect(sizesByKind.lockscreen.map((size) => size.width)).toEqual([112, 140, 168]);
    expect([LOCKSCREEN.width, LOCKSCREEN.height]).toEqual([360, 720]);
  });
});

describe('titles, layouts and backgrounds', () => {
  it('presets titles per kind, the lockscreen defaulting to "Scan for Emergency Info"', () => {
    for (const kind of kinds) expect(titlesByKind[kind].length).toBeGreaterThanOrEqual(3);
    expect(titlesByKind.lockscreen[0].label).toBe('Scan for Emergency Info');
  });

  it('lays vehicles out Side-by-Side, Stacked or as a Badge', () => {
    expect(VEHICLE_LAYOUTS.map((layout) => layout.label)).toEqual([
      'Side-by-Side',
      'Stacked',
      'Badge',
    ]);
  });

  it('offers the lockscreen backgrounds None, Road Scene, Forest Path, Urban Street', () => {
    expect(LOCKSCREEN_BACKGROUNDS.map((background) => background.label)).toEqual([
      'None',
      'Road Scene',
      'Forest Path',
      'Urban Street',
    ]);
  });

  it('keeps dark and light lockscreen text at AA contrast on its panel over any picture', () => {
    expect(TEXT_COLORS.map((color) => color.id)).toEqual(['dark', 'light']);
    for (const color of TEXT_COLORS) {
      // the worst case is a picture that is pure black or pure white under the panel
      for (const picture of ['#000000', '#ffffff']) {
        const panel = composite(color.scrim, picture);
        expect(
          contrastRatio(color.text, panel),
          `${color.id} on ${picture}`,
        ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });
});

describe('lockscreen text colour for a theme', () => {
  it('picks light text on dark themes and dark text on light ones', () => {
    expect(
      themesByKind.lockscreen.map((theme) => [theme.label, fittingTextColor(theme.background)]),
    ).toEqual([
      ['Midnight', 'light'],
      ['Ocean', 'light'],
      ['Sunrise', 'dark'],
      ['Classic White', 'dark'],
    ]);
  });
});

describe('upload rule', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', true],
    ['photo.png', 'image/png', true],
    ['photo.webp', 'image/webp', true],
    ['anim.gif', 'image/gif', false],
    ['vector.svg', 'image/svg+xml', false],
    ['notes.txt', 'text/plain', false],
    ['unknown', '', false],
  ])('%s (%s) accepted: %s', (name, type, accepted) => {
    expect(isAcceptedUpload({ name, type })).toBe(accepted);
  });
});

describe('export pixel ratio', () => {
  it('keeps the wanted ratio while the canvas stays within 16384 px a side', () => {
    expect(exportPixelRatio(360, 720, 3)).toBe(3);
    expect(exportPixelRatio(420, 300, 4)).toBe(4);
  });

  it('lowers the ratio so the longest side is at most 16384 px', () => {
    const ratio = exportPixelRatio(5000, 8000, 4);
    expect(8000 * ratio).toBe(MAX_CANVAS_SIDE);
    expect(5000 * ratio).toBeLessThan(MAX_CANVAS_SIDE);
    expect(Math.max(20000, 100) * exportPixelRatio(20000, 100, 1)).toBeLessThanOrEqual(
      MAX_CANVAS_SIDE,
    );
  });
});

describe('Apple mobile detection', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 0, true],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 5, true],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605', 0, false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile', 5, false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126', 0, false],
  ])('%s → %s', (userAgent, touchPoints, expected) => {
    expect(isAppleMobile(userAgent, touchPoints)).toBe(expected);
  });
});

describe('number plate', () => {
  it.each([
    ['MH12AB1234', 'MH 12 AB 1234'],
    ['mh 12 ab 1234', 'MH 12 AB 1234'],
    ['DL-3C-AB-1234', 'DL 3C AB 1234'],
    ['KA01A1', 'KA 01 A 1'],
    ['22BH1234AA', '22 BH 1234 AA'],
    ['TEMP 123', 'TEMP 123'],
  ])('%s is painted as %s', (typed, painted) => {
    expect(formatNumberPlate(typed)).toBe(painted);
  });
});
