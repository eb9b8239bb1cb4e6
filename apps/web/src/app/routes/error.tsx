import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/** /error?message=: 'Something went wrong' with the message (default 'Unknown error.'). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const message = params.get('message') || t('errors.unknown');
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <title>{`${t('errors.somethingWentWrongTitle')} · CareCode`}</title>
      <h1 className="text-2xl font-bold text-red-800">{t('errors.somethingWentWrongTitle')}</h1>
      <p className="mt-3 break-words text-slate-700" role="alert">
        {message}
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        {t('errors.goHome')}
      </Link>
      <p className="mt-6 text-sm text-slate-600">
        <a className="text-brand-700 underline" href={`mailto:${runtimeConfig.supportEmail}`}>
          {t('errors.contactSupport')}
        </a>
        {' · '}
        {runtimeConfig.supportEmail}
      </p>
    </div>
  );
}
