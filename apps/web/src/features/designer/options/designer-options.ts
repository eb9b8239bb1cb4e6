import { contrastRatio } from '../lib/colour.ts';

/**
 * The option sets of the printable QR designers (spec §3 "QR designer options", §9 "QR designers").
 * Pure data: the components render them, the tests check them. Labels are the English texts; the
 * UI shows the translation under `designer:<set>.<id>`.
 */

export {
  DEFAULT_SIZE_ID,
  designerKindByType,
  QR_COLORS,
  sizesByKind,
  themesByKind,
  titlesByKind,
  type DesignerKind,
  type SizeOption,
  type Theme,
  type TitleOption,
} from '@carecode/domain/qr-codes/card-designs';
import type { DesignerKind } from '@carecode/domain/qr-codes/card-designs';

/** `carecode-vehicle-qr.png` and so on. */
export const downloadFileName = (kind: DesignerKind) => `carecode-${kind}-qr.png`;

export const VEHICLE_LAYOUTS = [
  { id: 'side-by-side', label: 'Side-by-Side' },
  { id: 'stacked', label: 'Stacked' },
  { id: 'badge', label: 'Badge' },
] as const;
export type VehicleLayout = (typeof VEHICLE_LAYOUTS)[number]['id'];

/** Lockscreen wallpaper: 360x720 CSS pixels, exported at 3x (1080x2160, a phone's screen). */
export const LOCKSCREEN = { width: 360, height: 720, qrBase: 140, exportPixelRatio: 3 } as const;

export const LOCKSCREEN_BACKGROUNDS = [
  { id: 'none', label: 'None' },
  { id: 'road-scene', label: 'Road Scene' },
  { id: 'forest-path', label: 'Forest Path' },
  { id: 'urban-street', label: 'Urban Street' },
] as const;
export type LockscreenBackgroundId = (typeof LOCKSCREEN_BACKGROUNDS)[number]['id'];

/**
 * Lockscreen text colours. The text sits on a panel ("scrim") of the opposite tone, so it stays
 * readable on any photo: white text on a dark panel, dark text on a light one.
 */
export const TEXT_COLORS = [
  { id: 'dark', label: 'Dark', text: '#0f172a', scrim: 'rgba(255, 255, 255, 0.82)' },
  { id: 'light', label: 'Light', text: '#ffffff', scrim: 'rgba(15, 23, 42, 0.62)' },
] as const;
export type TextColorId = (typeof TEXT_COLORS)[number]['id'];

/** Own background uploads: JPG, PNG and WebP only (spec §5). */
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_REJECTED_MESSAGE = 'JPG/PNG/WebP only';

export const isAcceptedUpload = (file: { type: string; name?: string }) =>
  (ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type);

/** The QR's side for a lockscreen scale: 140 times the scale. */
export const lockscreenQrSize = (scale: number) => Math.round(LOCKSCREEN.qrBase * scale);

/** The lockscreen text colour that reads best on a theme's plain background. */
export function fittingTextColor(background: string): TextColorId {
  const [dark, light] = TEXT_COLORS;
  return contrastRatio(light.text, background) > contrastRatio(dark.text, background)
    ? 'light'
    : 'dark';
}
