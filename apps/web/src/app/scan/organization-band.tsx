import type { ScanBranding } from '@carecode/domain/scans/scan.schema';
import { useTranslation } from 'react-i18next';

/**
 * The header band of an organisation's code: its logo and name on its brand colour, and
 * 'Protected by CareCode'. The colour has been checked for white text (brandColorFor) on the
 * server. One short line of height, so the contacts and the emergency numbers stay where they
 * were; the logo sits on a white tile, so a dark logo shows on a dark band.
 */
export function OrganizationBand({ branding }: { branding: ScanBranding }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={branding.name}
      data-brand-color={branding.color}
      className="flex items-center gap-3 rounded-2xl px-4 py-2.5 text-white"
      style={{ backgroundColor: branding.color }}
    >
      {branding.logoUrl && (
        <img
          src={branding.logoUrl}
          alt=""
          width={40}
          height={40}
          decoding="async"
          className="size-10 shrink-0 rounded-lg bg-white object-contain p-0.5"
        />
      )}
      <div className="min-w-0">
        <p className="font-bold break-words">{branding.name}</p>
        <p className="text-sm">{t('protectedBy')}</p>
      </div>
    </section>
  );
}
