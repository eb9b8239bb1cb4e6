import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { scanUrlFor } from '../../../lib/runtime-config.ts';
import { ScanCountBadge } from './scan-count-badge.tsx';

export const QR_SIZE = 160;
const LOGO_SIZE = 36;

/**
 * The QR panel of the detail page: the code (level H, logo in the centre, spec §9), this month's
 * scan badge, Public Preview and Try Scan (both in a new tab). `children` go below, e.g. the
 * printable designer.
 */
export function QrPanel({ qr, children }: { qr: QrCode; children?: ReactNode }) {
  const { t } = useTranslation('qr-codes');
  const newTab = t('detail.opensInNewTab');
  return (
    <section
      aria-labelledby="qr-panel-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <h2 id="qr-panel-title" className="text-lg font-bold text-slate-900">
          {t('detail.qrPanel')}
        </h2>
        <ScanCountBadge scanCount={qr.scanCount} />
      </div>
      <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <QRCodeSVG
          value={scanUrlFor(qr.id)}
          size={QR_SIZE}
          level="H"
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label={t('detail.qrImageLabel')}
          imageSettings={{
            src: '/logo.svg',
            width: LOGO_SIZE,
            height: LOGO_SIZE,
            excavate: true,
          }}
        />
      </div>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <a
          href={`/preview/qr-data/${encodeURIComponent(qr.id)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          {t('detail.publicPreview')}
          <span className="sr-only"> {newTab}</span>
        </a>
        <a
          href={scanUrlFor(qr.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary')}
        >
          {t('detail.tryScan')}
          <span className="sr-only"> {newTab}</span>
        </a>
      </div>
      {children}
    </section>
  );
}
