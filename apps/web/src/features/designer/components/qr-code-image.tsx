import { QRCodeSVG } from 'qrcode.react';
import { QR_COLORS } from '../options/designer-options.ts';

/** Spec §9: a standalone QR is 160 px, the one on the emergency card 140 px. */
export const QR_STANDALONE_SIZE = 160;

/** The CareCode logo shipped in apps/web/public. */
export const LOGO_SRC = '/logo.svg';

/**
 * Share of the QR's side the centred logo takes. The modules under it are removed (excavated);
 * level H restores up to 30 % of the code, and the logo hides well under 10 % of it.
 */
export const LOGO_RATIO = 0.2;

/** Modules of white quiet zone drawn around the code, as scanners expect. */
export const QUIET_ZONE_MODULES = 4;

interface QrCodeImageProps {
  value: string;
  /** Side in CSS pixels, quiet zone included. */
  size?: number;
  /** Accessible name of the image. */
  label?: string;
}

/** The CareCode QR: error correction H, black on white, the logo in the centre. */
export function QrCodeImage({ value, size = QR_STANDALONE_SIZE, label }: QrCodeImageProps) {
  const logo = Math.round(size * LOGO_RATIO);
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level="H"
      fgColor={QR_COLORS.foreground}
      bgColor={QR_COLORS.background}
      marginSize={QUIET_ZONE_MODULES}
      imageSettings={{ src: LOGO_SRC, width: logo, height: logo, excavate: true }}
      role="img"
      aria-label={label}
      title={label}
      data-qr-value={value}
      style={{ display: 'block', width: size, height: size }}
    />
  );
}
