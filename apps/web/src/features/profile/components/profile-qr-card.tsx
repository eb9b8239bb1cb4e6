import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { DownloadIcon, ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

export const PROFILE_QR_FILE_NAME = 'carecode-profile-qr.png';
/** Standalone QR size (spec §9); the download is drawn larger so it prints sharply. */
const QR_SIZE = 160;
const DOWNLOAD_SIZE = 640;

export const publicProfileUrl = (publicId: string) =>
  `${runtimeConfig.publicUrl}/u/${encodeURIComponent(publicId)}`;

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** 'Your Profile QR Code': the code of the public profile and a PNG download of it. */
export function ProfileQrCard({ publicId }: { publicId: string }) {
  const { t } = useTranslation('profile');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const url = publicProfileUrl(publicId);
  const logo = { src: '/icon-192.png', height: 0.2, width: 0.2, excavate: true };

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const dataUrl = canvas.toDataURL('image/png');
    // Spec §9: iPhone, iPad and iPod open the image in a new tab instead of downloading it.
    if (isAppleMobile()) {
      const tab = window.open();
      if (tab) {
        tab.document.title = PROFILE_QR_FILE_NAME;
        const image = tab.document.createElement('img');
        image.src = dataUrl;
        image.alt = t('qr.label');
        tab.document.body.appendChild(image);
      }
      return;
    }
    const link = document.createElement('a');
    link.href = dataUrl;
    link.download = PROFILE_QR_FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  return (
    <section
      aria-labelledby="profile-qr-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
    >
      <h2 id="profile-qr-heading" className="text-lg font-semibold text-slate-900">
        {t('qr.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('qr.text')}</p>
      <div className="mt-5 flex justify-center">
        <div className="rounded-2xl bg-white p-3 ring-1 ring-slate-200">
          <QRCodeSVG
            value={url}
            size={QR_SIZE}
            level="H"
            marginSize={1}
            title={t('qr.label')}
            data-testid="profile-qr"
            data-value={url}
            imageSettings={{ ...logo, height: QR_SIZE * 0.2, width: QR_SIZE * 0.2 }}
          />
        </div>
      </div>
      {/* The download: a larger canvas, black on white with its quiet zone, never shown. */}
      <QRCodeCanvas
        ref={canvasRef}
        value={url}
        size={DOWNLOAD_SIZE}
        level="H"
        marginSize={4}
        aria-hidden="true"
        className="hidden"
        imageSettings={{ ...logo, height: DOWNLOAD_SIZE * 0.2, width: DOWNLOAD_SIZE * 0.2 }}
      />
      <div className="mt-5 flex flex-col gap-2">
        <button type="button" onClick={download} className={buttonClass('primary')}>
          <DownloadIcon size={18} />
          {t('qr.download')}
        </button>
        <a
          href={`/u/${encodeURIComponent(publicId)}`}
          target="_blank"
          rel="noopener"
          className={buttonClass('secondary')}
        >
          {t('qr.open')}
          <ExternalLinkIcon size={16} />
          <span className="sr-only">{t('qr.newTab')}</span>
        </a>
      </div>
      <p className="mt-4 text-left text-xs text-slate-600">{t('qr.publicNote')}</p>
    </section>
  );
}
