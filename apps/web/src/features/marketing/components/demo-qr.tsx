import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { DEMO_ID } from '../use-cases.ts';

/** A real QR code for the child-safety demo; the code and the link open it in a new tab. */
export default function DemoQr() {
  const { t } = useTranslation('marketing');
  const demoPath = `/demo/${DEMO_ID}`;
  const demoUrl = `${runtimeConfig.publicUrl}${demoPath}`;
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <a
        href={demoPath}
        target="_blank"
        rel="noopener"
        aria-label={`${t('home.steps.demoQrLabel')}`}
        className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-700"
      >
        <QRCodeSVG
          value={demoUrl}
          size={168}
          level="H"
          marginSize={1}
          title={t('home.steps.demoQrLabel')}
          data-testid="demo-qr"
          data-value={demoUrl}
          imageSettings={{ src: '/logo.svg', height: 34, width: 34, excavate: true }}
        />
      </a>
      <a
        href={demoPath}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {t('home.steps.demoLink')}
        <ExternalLinkIcon size={16} />
        <span className="sr-only">{t('home.steps.newTab')}</span>
      </a>
    </div>
  );
}
