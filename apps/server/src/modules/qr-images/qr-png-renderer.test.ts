import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createQrPngRenderer, type QrPngRenderer } from './qr-png-renderer.ts';
import { baseOptions } from './qr-images.service.ts';

const text = 'https://api.carecode.example/api/qr-codes/AAAAAAAAAAAAAAAAAAAAAA/scan';
let renderer: QrPngRenderer;
afterEach(() => renderer?.close());

describe('the QR PNG renderer', () => {
  it('draws a PNG of the asked width that decodes to the text', async () => {
    renderer = createQrPngRenderer({ qrOptions: baseOptions });
    const png = PNG.sync.read(await renderer.render(text, 512));
    expect(png.width).toBe(512);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(text);
  });

  it('keeps the main thread free while it draws a 2048 px code', async () => {
    renderer = createQrPngRenderer({ qrOptions: baseOptions });
    await renderer.render(text, 128); // the worker is started
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    await renderer.render(text, 2048);
    clearInterval(ticker);
    // Drawn on this thread, no timer could fire until the image was done.
    expect(ticks).toBeGreaterThan(0);
  });

  it('draws a text and size once: repeats come from the cache, concurrent asks share one render', async () => {
    renderer = createQrPngRenderer({ qrOptions: baseOptions });
    const [a, b] = await Promise.all([renderer.render(text, 256), renderer.render(text, 256)]);
    const c = await renderer.render(text, 256);
    expect(renderer.renderCount()).toBe(1);
    expect(b.equals(a)).toBe(true);
    expect(c.equals(a)).toBe(true);
    await renderer.render(text, 300);
    expect(renderer.renderCount()).toBe(2);
  });

  it('keeps the cache within its byte budget, dropping the least recently used', async () => {
    renderer = createQrPngRenderer({ qrOptions: baseOptions, cacheBytes: 1 });
    await renderer.render(text, 128);
    await renderer.render(text, 128);
    // One byte holds no image: each ask draws again.
    expect(renderer.renderCount()).toBe(2);
  });
});
