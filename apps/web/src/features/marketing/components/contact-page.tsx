import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import {
  ClockIcon,
  InfoIcon,
  LockIcon,
  MailIcon,
  ScanIcon,
  UserIcon,
} from '../../../components/ui/icons.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { PageMeta } from './page-meta.tsx';

/** Contact Us: the support e-mail (SUPPORT_EMAIL) and the 24-hour response promise. */
export function ContactPage() {
  const { t } = useTranslation('marketing');
  const email = runtimeConfig.supportEmail;
  const topics = [
    ['topicAccount', UserIcon],
    ['topicAbuse', ScanIcon],
    ['topicData', LockIcon],
  ] as const;

  return (
    <>
      <PageMeta
        title={t('meta.contact.title')}
        description={t('meta.contact.description')}
        path="/contact"
      />
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('contact.heading')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('contact.intro')}</p>

        <section
          aria-label={t('contact.emailLabel')}
          className="mt-8 flex flex-col gap-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div className="flex min-w-0 items-start gap-4">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
              <MailIcon />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">{t('contact.emailLabel')}</p>
              <a
                href={`mailto:${email}`}
                className="text-xl font-semibold break-all text-slate-900 underline-offset-4 hover:underline"
              >
                {email}
              </a>
              <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-emerald-800">
                <ClockIcon size={16} />
                {t('contact.respond')}
              </p>
            </div>
          </div>
          <a href={`mailto:${email}`} className={buttonClass('primary', 'shrink-0 px-6')}>
            {t('contact.writeUs')}
          </a>
        </section>

        <section aria-labelledby="topics-heading" className="mt-10">
          <h2 id="topics-heading" className="text-xl font-semibold text-slate-900">
            {t('contact.topicsHeading')}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {topics.map(([key, Icon]) => (
              <li key={key} className="rounded-2xl border border-slate-200 bg-white p-5">
                <Icon className="text-brand-700" />
                <h3 className="mt-3 font-semibold text-slate-900">{t(`contact.${key}`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`contact.${key}Text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <p className="mt-10 flex items-start gap-2 rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
          <InfoIcon size={18} className="mt-0.5" />
          {t('contact.emergencyNote')}
        </p>
      </div>
    </>
  );
}
