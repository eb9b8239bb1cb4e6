import type { QrType } from './qr-code.schema.ts';

/**
 * The option sets of the printable QR designers (spec §3 "QR designer options", §9 "QR designers"):
 * themes, sizes and titles of each kind's card. Pure data, shared by the web designer and the
 * server's print sheets. Labels are the English texts; the web shows `designer:<set>.<id>`.
 */

/** The kinds named in download file names and in the UI. */
export type DesignerKind = 'child' | 'person' | 'vehicle' | 'luggage' | 'lockscreen';

export const designerKindByType: Record<QrType, DesignerKind> = {
  CHILD: 'child',
  PERSON: 'person',
  VEHICLE: 'vehicle',
  LUGGAGE: 'luggage',
  LOCKSCREEN: 'lockscreen',
};

export interface Theme {
  id: string;
  label: string;
  /** Card background. */
  background: string;
  /** Text and accent colour on the background. */
  foreground: string;
}

/** The QR itself never takes the theme's colours: black modules on a white quiet zone. */
export const QR_COLORS = { foreground: '#000000', background: '#ffffff' } as const;

export const themesByKind: Record<DesignerKind, readonly Theme[]> = {
  child: [
    { id: 'sky-blue', label: 'Sky Blue', background: '#e0f2fe', foreground: '#075985' },
    { id: 'pink', label: 'Pink', background: '#fce7f3', foreground: '#9d174d' },
    { id: 'mint-green', label: 'Mint Green', background: '#d1fae5', foreground: '#065f46' },
    { id: 'classic-white', label: 'Classic White', background: '#ffffff', foreground: '#0f172a' },
  ],
  person: [
    { id: 'medical-red', label: 'Medical Red', background: '#b91c1c', foreground: '#ffffff' },
    { id: 'calm-blue', label: 'Calm Blue', background: '#dbeafe', foreground: '#1e3a8a' },
    { id: 'graphite', label: 'Graphite', background: '#1f2937', foreground: '#f9fafb' },
    { id: 'classic-white', label: 'Classic White', background: '#ffffff', foreground: '#0f172a' },
  ],
  vehicle: [
    { id: 'safety-yellow', label: 'Safety Yellow', background: '#facc15', foreground: '#111827' },
    { id: 'highway-blue', label: 'Highway Blue', background: '#1e40af', foreground: '#ffffff' },
    { id: 'carbon-black', label: 'Carbon Black', background: '#111827', foreground: '#f9fafb' },
    { id: 'classic-white', label: 'Classic White', background: '#ffffff', foreground: '#111827' },
  ],
  luggage: [
    { id: 'travel-orange', label: 'Travel Orange', background: '#ffedd5', foreground: '#9a3412' },
    { id: 'ocean-teal', label: 'Ocean Teal', background: '#115e59', foreground: '#f0fdfa' },
    { id: 'lavender', label: 'Lavender', background: '#ede9fe', foreground: '#5b21b6' },
    { id: 'classic-white', label: 'Classic White', background: '#ffffff', foreground: '#0f172a' },
  ],
  lockscreen: [
    { id: 'midnight', label: 'Midnight', background: '#0f172a', foreground: '#f8fafc' },
    { id: 'ocean', label: 'Ocean', background: '#0c4a6e', foreground: '#f0f9ff' },
    { id: 'sunrise', label: 'Sunrise', background: '#fde68a', foreground: '#78350f' },
    { id: 'classic-white', label: 'Classic White', background: '#f8fafc', foreground: '#0f172a' },
  ],
};

export interface SizeOption {
  id: 'small' | 'medium' | 'large';
  label: 'Small' | 'Medium' | 'Large';
  /** The QR's side in CSS pixels (1/96 inch when printed). */
  width: number;
  /** Scale of the card's text, spacing and corners. */
  scale: number;
}

const sizes = (small: number, medium: number, large: number): readonly SizeOption[] => [
  { id: 'small', label: 'Small', width: small, scale: 0.8 },
  { id: 'medium', label: 'Medium', width: medium, scale: 1 },
  { id: 'large', label: 'Large', width: large, scale: 1.2 },
];

/** Card kinds: the QR is `width` wide; a vehicle sticker is read from further away. */
export const sizesByKind: Record<DesignerKind, readonly SizeOption[]> = {
  child: sizes(160, 200, 240),
  person: sizes(160, 200, 240),
  luggage: sizes(160, 200, 240),
  vehicle: sizes(160, 240, 300),
  // The lockscreen QR is LOCKSCREEN_QR_BASE times the scale (112/140/168) on a 360x720 wallpaper.
  lockscreen: sizes(112, 140, 168),
};

export const DEFAULT_SIZE_ID = 'medium';

export interface TitleOption {
  id: string;
  label: string;
}

export const titlesByKind: Record<DesignerKind, readonly TitleOption[]> = {
  child: [
    { id: 'if-lost', label: "If I'm Lost, Please Scan" },
    { id: 'emergency', label: 'In Case of Emergency' },
    { id: 'call-parents', label: 'Scan to Call My Parents' },
    { id: 'help-me', label: 'Please Help Me Get Home' },
  ],
  person: [
    { id: 'emergency', label: 'In Case of Emergency' },
    { id: 'medical-info', label: 'Medical Emergency Info' },
    { id: 'emergency-contact', label: 'Scan for Emergency Contact' },
    { id: 'medical-id', label: 'My Medical ID' },
  ],
  vehicle: [
    { id: 'contact-owner', label: 'Scan to Contact Owner' },
    { id: 'blocking', label: 'Blocking Your Way? Scan Me' },
    { id: 'emergency', label: 'In Case of Emergency' },
    { id: 'parking', label: 'Parking Issue? Scan Here' },
  ],
  luggage: [
    { id: 'if-found', label: 'If Found, Please Scan' },
    { id: 'return-bag', label: 'Scan to Return My Bag' },
    { id: 'lost-luggage', label: 'Lost Luggage? Scan Me' },
    { id: 'emergency', label: 'In Case of Emergency' },
  ],
  lockscreen: [
    { id: 'scan-emergency', label: 'Scan for Emergency Info' },
    { id: 'if-found', label: 'If Found, Please Scan' },
    { id: 'emergency', label: 'In Case of Emergency' },
    { id: 'medical-info', label: 'Medical Emergency Info' },
  ],
};
