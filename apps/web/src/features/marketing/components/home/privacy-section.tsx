import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowRightIcon,
  ClockIcon,
  LockIcon,
  ShieldCheckIcon,
} from '../../../../components/ui/icons.tsx';

/** What is private and what a scanner sees. */
export function PrivacySection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="privacy-heading" className="mx-auto max-w-6xl px-4 pt-16">
      <div className="rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10">
        <h2 id="privacy-heading" className="text-2xl font-bold tracking-tight">
          {t('home.privacy.heading')}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {(
            [
              ['noAds', ShieldCheckIcon],
              ['yourChoice', LockIcon],
              ['shortLinks', ClockIcon],
            ] as const
          ).map(([key, Icon]) => (
            <li key={key} className="flex gap-3">
              <Icon className="mt-0.5 text-red-300" />
              <span className="text-slate-200">{t(`home.privacy.${key}`)}</span>
            </li>
          ))}
        </ul>
        <Link
          to="/privacy"
          className="mt-8 inline-flex items-center gap-1 font-semibold text-white underline underline-offset-4"
        >
          {t('home.privacy.readPolicy')}
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    </section>
  );
}
