import { toPng } from 'html-to-image';
import { exportPixelRatio, isAppleMobile } from './platform.ts';

/** Print-quality pixels for a card: 4 image pixels per CSS pixel (about 384 dpi at real size). */
export const CARD_EXPORT_PIXEL_RATIO = 4;

function dataUrlToBlob(dataUrl: string): Blob {
  const [header, base64] = dataUrl.split(',', 2);
  const type = /data:([^;]+)/.exec(header)?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

function saveAs(dataUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Renders `node` to a PNG (canvas sides capped at 16384 px) and downloads it as `fileName`.
 * iPhone, iPad and iPod cannot save a download, so there the image opens in a new tab, where a
 * long press saves it to Photos. A failure is only logged: the page stays as it was.
 */
export async function exportCard(
  node: HTMLElement,
  fileName: string,
  options: { pixelRatio?: number; userAgent?: string; maxTouchPoints?: number } = {},
): Promise<void> {
  const apple = isAppleMobile(
    options.userAgent ?? navigator.userAgent,
    options.maxTouchPoints ?? navigator.maxTouchPoints ?? 0,
  );
  // Opened now, while the click still counts as a user gesture, so no popup blocker interferes.
  const tab = apple ? window.open('', '_blank') : null;
  try {
    const width = node.offsetWidth;
    const height = node.offsetHeight;
    const dataUrl = await toPng(node, {
      pixelRatio: exportPixelRatio(width, height, options.pixelRatio ?? CARD_EXPORT_PIXEL_RATIO),
    });
    if (!apple) {
      saveAs(dataUrl, fileName);
      return;
    }
    const url = URL.createObjectURL(dataUrlToBlob(dataUrl));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
  } catch (error) {
    tab?.close();
    console.error('The QR image could not be exported.', error);
  }
}
