import type { LostState } from '@carecode/domain/alerts/alert.schema';
import { useTranslation } from 'react-i18next';

/**
 * Leads the scan page while the owner reports the item lost: that it is lost, the owner's
 * message (when there is one) and to contact the owner below. White on deep red (over 7:1), so it
 * reads in sunlight on a stranger's phone.
 */
export function LostBanner({ lost }: { lost: LostState }) {
  const { t } = useTranslation('scans');
  const message = lost.message.trim();
  return (
    <section
      role="alert"
      aria-labelledby="lost-banner-title"
      className="rounded-2xl border-2 border-red-950 bg-red-800 p-4 text-white shadow-md sm:p-5"
    >
      <h2 id="lost-banner-title" className="text-xl font-extrabold sm:text-2xl">
        {t('lost.title')}
      </h2>
      {message && (
        <figure className="mt-3 rounded-xl bg-white p-3 text-slate-900">
          <figcaption className="text-sm font-semibold text-red-900">
            {t('lost.ownerMessage')}
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-line break-words text-lg font-semibold">
            {message}
          </blockquote>
        </figure>
      )}
      <p className="mt-3 font-semibold">{t('lost.contact')}</p>
    </section>
  );
}
