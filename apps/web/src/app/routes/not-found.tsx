import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <title>{`${t('errors.notFoundTitle')} · CareCode`}</title>
      <h1 className="text-2xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p className="mt-3 text-slate-700">{t('errors.notFoundText')}</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        {t('errors.goHome')}
      </Link>
    </div>
  );
}
