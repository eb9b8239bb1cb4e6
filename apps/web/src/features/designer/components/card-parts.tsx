import { CARD_BAND, type OrganizationBranding } from '@carecode/domain/organizations/branding';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_SRC, QrCodeImage } from './qr-code-image.tsx';

/** System fonts that carry Latin and Devanagari, so Hindi cards export without web fonts. */
export const CARD_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Nirmala UI", sans-serif';

/** `#rrggbb` with an alpha from 0 to 1, as `#rrggbbaa`. */
export const withAlpha = (hex: string, alpha: number) =>
  `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;

/** What every designed card shows besides its layout. */
export interface CardContent {
  value: string;
  title: string;
  note: string;
  website: string;
  /** An organisation's code: its band stands in for the CareCode mark. */
  branding?: OrganizationBranding | null;
}

/**
 * The head of a card: the small "CareCode" mark, or for an organisation's code its band (logo,
 * name and 'Protected by CareCode' in white on its checked colour).
 */
export function BrandMark({
  scale,
  color,
  branding,
}: {
  scale: number;
  color: string;
  branding?: OrganizationBranding | null;
}) {
  const { t } = useTranslation();
  if (branding) return <OrganizationCardBand branding={branding} scale={scale} />;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 5 * scale,
        color,
        fontSize: 11 * scale,
        fontWeight: 800,
        letterSpacing: '0.04em',
      }}
    >
      <img
        src={LOGO_SRC}
        alt=""
        width={15 * scale}
        height={15 * scale}
        style={{ display: 'block' }}
      />
      <span>{t('brand')}</span>
    </div>
  );
}

/**
 * An organisation's band, drawn as the print sheet draws it (CARD_BAND sizes): the logo on a
 * white tile, then the name on one line and 'Protected by CareCode', white on the colour.
 */
function OrganizationCardBand({
  branding,
  scale: s,
}: {
  branding: OrganizationBranding;
  scale: number;
}) {
  const { t } = useTranslation();
  const band = CARD_BAND;
  return (
    <div
      data-brand-band=""
      style={{
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: band.gap * s,
        height: band.height * s,
        padding: `0 ${band.padX * s}px`,
        borderRadius: band.radius * s,
        border: `${s}px solid #ffffff`,
        background: branding.color,
        color: '#ffffff',
        textAlign: 'left',
      }}
    >
      {branding.logoUrl && (
        <span
          style={{
            boxSizing: 'border-box',
            display: 'flex',
            flexShrink: 0,
            width: band.logo * s,
            height: band.logo * s,
            padding: band.logoPad * s,
            borderRadius: band.logoRadius * s,
            background: '#ffffff',
          }}
        >
          <img
            src={branding.logoUrl}
            alt=""
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
          />
        </span>
      )}
      <span style={{ display: 'flex', minWidth: 0, flexDirection: 'column', lineHeight: 1.15 }}>
        <span
          style={{
            fontSize: band.name * s,
            fontWeight: 800,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {branding.name}
        </span>
        <span style={{ fontSize: band.line * s }}>{t('protectedBy')}</span>
      </span>
    </div>
  );
}

/** The QR on its white tile: black on white whatever the theme around it. */
export function QrTile({
  value,
  size,
  scale,
  style,
}: {
  value: string;
  size: number;
  scale: number;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('designer');
  return (
    <div
      style={{
        background: '#ffffff',
        borderRadius: 12 * scale,
        padding: 3 * scale,
        boxShadow: '0 1px 3px rgba(15, 23, 42, 0.25)',
        width: 'fit-content',
        flexShrink: 0,
        ...style,
      }}
    >
      <QrCodeImage value={value} size={size} label={t('card.qrLabel')} />
    </div>
  );
}

/** Note and website lines under the code. */
export function CardFooter({
  note,
  website,
  scale,
  color,
  align = 'center',
}: {
  note: string;
  website: string;
  scale: number;
  color: string;
  align?: 'center' | 'left';
}) {
  return (
    <div style={{ color, textAlign: align }}>
      <p style={{ margin: `${8 * scale}px 0 0`, fontSize: 10.5 * scale, lineHeight: 1.35 }}>
        {note}
      </p>
      <p
        style={{
          margin: `${5 * scale}px 0 0`,
          fontSize: 11.5 * scale,
          fontWeight: 800,
          overflowWrap: 'anywhere',
        }}
      >
        {website}
      </p>
    </div>
  );
}

/** A card title. */
export function CardTitle({
  children,
  scale,
  color,
  size = 17,
  align = 'center',
}: {
  children: ReactNode;
  scale: number;
  color: string;
  size?: number;
  align?: 'center' | 'left';
}) {
  return (
    <p
      style={{
        margin: 0,
        color,
        fontSize: size * scale,
        fontWeight: 800,
        lineHeight: 1.2,
        textAlign: align,
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </p>
  );
}
