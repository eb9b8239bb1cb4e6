/**
 * An organisation's brand colour, as the scan page and the cards may use it.
 *
 * Where the brand colour is painted (the scan page's header band, the card's brand band and the
 * print sheet's), the text on it is white (`BRAND_TEXT_COLOR`): the organisation's name and
 * 'Protected by CareCode'. The rule: a colour is used only when white text on it reaches the
 * WCAG AA contrast for normal text, 4.5:1; otherwise the app's own brand colour is used, which
 * white text on it reaches (the red of the app's buttons and bands, `--color-brand-700` in
 * apps/web/src/base.css).
 */

/** The app's brand colour: `--color-brand-700` of the web theme (apps/web/src/base.css). */
export const DEFAULT_BRAND_COLOR = '#B91C1C';
/** The text drawn on a brand colour. */
export const BRAND_TEXT_COLOR = '#FFFFFF';
/** WCAG 2 AA for normal text. */
export const MIN_BRAND_CONTRAST = 4.5;

/** The largest logo accepted, and the longest side it is stored at (re-encoded as PNG). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 512;

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** True for `#RRGGBB` (either case). */
export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value);

/** WCAG 2 relative luminance of `#RRGGBB`, from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!isHexColor(hex)) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return (lighter + 0.05) / (darker + 0.05);
}

/** True when white text on this colour is readable (at least 4.5:1). */
export const hasBrandContrast = (hex: string): boolean =>
  isHexColor(hex) && contrastRatio(hex, BRAND_TEXT_COLOR) >= MIN_BRAND_CONTRAST;

/**
 * The colour to paint behind white text for an organisation's brand colour: the colour itself
 * (upper case) when white text on it reaches 4.5:1, otherwise (too light, unset or malformed)
 * the app's default brand colour.
 */
export function brandColorFor(hex: string | null | undefined): string {
  return hex && hasBrandContrast(hex) ? hex.toUpperCase() : DEFAULT_BRAND_COLOR;
}

/** An organisation's branding as its cards and scan pages show it. */
export interface OrganizationBranding {
  name: string;
  /** Through `brandColorFor`: white text on it reaches 4.5:1. */
  color: string;
  logoUrl: string | null;
}

/** The branding an organisation's cards show, from the organisation as the API answers it. */
export const brandingOfOrganization = (organization: {
  name: string;
  brandColor: string | null;
  logoUrl: string | null;
}): OrganizationBranding => ({
  name: organization.name,
  color: brandColorFor(organization.brandColor),
  logoUrl: organization.logoUrl,
});

/**
 * The band at the head of an organisation's card, in CSS px at the card's scale 1 (the
 * designer's card and the print sheet draw it alike): its height and corner, side padding, the
 * logo's white tile (side, corner, inset), the gap after it, and the two text sizes.
 */
export const CARD_BAND = {
  height: 30,
  radius: 9,
  padX: 6,
  logo: 22,
  logoRadius: 5,
  logoPad: 1.5,
  gap: 6,
  name: 10.5,
  line: 8,
} as const;
