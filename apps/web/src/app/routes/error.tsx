import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/**
 * /error?code=: 'Something went wrong' with the sentence of an error code, in the reader's
 * language (default 'Unknown error.'). The page never shows free text from its address, which
 * anyone could write into a link; `?message=` is read only when it holds a code.
 */
export function Component() {
  const { t } = useTranslation();
  const { codeText } = useErrorText();
  const [params] = useSearchParams();
  const message =
    codeText(params.get('code')) ?? codeText(params.get('message')) ?? t('errors.unknown');
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
