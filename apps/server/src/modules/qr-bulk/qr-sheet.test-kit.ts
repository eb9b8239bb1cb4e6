import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { SheetCell } from './qr-sheet.pdf.ts';

// Helpers for tests that look at a rendered sheet: its pages as pixels, a card cut out of them.

const run = promisify(execFile);

export interface Raster {
  width: number;
  height: number;
  data: Buffer;
  /** Pixels per PDF point. */
  scale: number;
}

/** Every page of a PDF rasterised by poppler's pdftoppm at `dpi`. */
export async function rasterise(pdf: Buffer, dpi = 150): Promise<Raster[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-sheet-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      path.join(dir, 'sheet.pdf'),
      path.join(dir, 'page'),
    ]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => ({ ...PNG.sync.read(readFileSync(path.join(dir, name))), scale: dpi / 72 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The colour at a point given in PDF points from the page's top left, as `#RRGGBB`. */
export function pixelAt(page: Raster, x: number, y: number): string {
  const at = (Math.floor(y * page.scale) * page.width + Math.floor(x * page.scale)) * 4;
  return `#${[0, 1, 2]
    .map((channel) => page.data[at + channel].toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/** The text the code in a card's cell decodes to (undefined when it does not decode). */
export function decodeCell(page: Raster, cell: SheetCell): string | undefined {
  const left = Math.floor(cell.x * page.scale);
  const top = Math.floor(cell.y * page.scale);
  const width = Math.ceil(cell.metrics.width * page.scale);
  const height = Math.ceil(cell.metrics.height * page.scale);
  const crop = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((top + row) * page.width + left) * 4;
    crop.set(page.data.subarray(from, from + width * 4), row * width * 4);
  }
  return jsQR(crop, width, height)?.data;
}
