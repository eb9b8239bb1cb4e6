import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { QR_CARD_SIZE, QrCodeImage } from './qr-code-image.tsx';

export interface EmergencyQrCardProps {
  /** The text the QR encodes: the scan URL. */
  value: string;
  /** The QR's side; the card is 1.5 times as wide. */
  size?: number;
  /** Defaults to 'In Case of Emergency'. */
  title?: string;
  /** Defaults to the site host. */
  website?: string;
  /** Defaults to 'Scan using camera or any QR scanner like a payment-app scanner.' */
  note?: string;
}

/** Spec §3 "Emergency QR card": a red-headed card around the QR, 1.5 times the QR's width. */
export function EmergencyQrCard({
  value,
  size = QR_CARD_SIZE,
  title,
  website = runtimeConfig.siteHost,
  note,
}: EmergencyQrCardProps) {
  const { t } = useTranslation('designer');
  const scale = size / QR_CARD_SIZE;
  return (
    <figure
      className="m-0 overflow-hidden bg-white text-center text-slate-900 shadow-sm"
      style={{
        width: size * 1.5,
        borderRadius: 16 * scale,
        border: `${Math.max(1, 1.5 * scale)}px solid #fecaca`,
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
      }}
    >
      <figcaption
        className="bg-brand-700 font-extrabold text-white"
        style={{ padding: `${8 * scale}px ${10 * scale}px`, fontSize: 15 * scale, lineHeight: 1.2 }}
      >
        {title ?? t('card.title')}
      </figcaption>
      <div style={{ padding: `${12 * scale}px ${12 * scale}px ${10 * scale}px` }}>
        <div className="mx-auto" style={{ width: size }}>
          <QrCodeImage value={value} size={size} label={t('card.qrLabel')} />
        </div>
        <p
          className="mx-auto text-slate-700"
          style={{ marginTop: 8 * scale, fontSize: 10.5 * scale, lineHeight: 1.35 }}
        >
          {note ?? t('card.note')}
        </p>
        <p
          className="font-bold text-brand-800"
          style={{ marginTop: 6 * scale, fontSize: 11.5 * scale, overflowWrap: 'anywhere' }}
        >
          {website}
        </p>
      </div>
    </figure>
  );
}
