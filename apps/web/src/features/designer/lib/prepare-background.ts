import { LOCKSCREEN } from '../options/designer-options.ts';

/**
 * Turns the owner's picture into a wallpaper-sized JPEG data URL (cropped to cover 1080x2160),
 * all inside the browser: the file is read through a short-lived object URL and never sent.
 * A data URL (not a blob: URL) lets the image exporter embed it without fetching anything, and a
 * 12-megapixel photo shrinks to what a phone screen shows.
 */
export async function wallpaperFromFile(
  file: Blob,
  width = LOCKSCREEN.width * LOCKSCREEN.exportPixelRatio,
  height = LOCKSCREEN.height * LOCKSCREEN.exportPixelRatio,
): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
    const drawnWidth = image.naturalWidth * scale;
    const drawnHeight = image.naturalHeight * scale;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(
      image,
      (width - drawnWidth) / 2,
      (height - drawnHeight) / 2,
      drawnWidth,
      drawnHeight,
    );
    return canvas.toDataURL('image/jpeg', 0.9);
  } finally {
    URL.revokeObjectURL(url);
  }
}
