// What the browser and canvas allow, for the card exports.

/** Pixels of the canvas side an image export may use (spec §9). */
export const MAX_CANVAS_SIDE = 16384;

/**
 * The pixel ratio for exporting a node of `width` x `height` CSS pixels: the wanted ratio, lowered
 * so that neither canvas side exceeds MAX_CANVAS_SIDE.
 */
export function exportPixelRatio(width: number, height: number, wanted: number): number {
  const longest = Math.max(width, height, 1);
  return Math.min(wanted, MAX_CANVAS_SIDE / longest);
}

/** iPhone, iPad (also iPadOS that reports itself as a Mac with touch) and iPod. */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}
