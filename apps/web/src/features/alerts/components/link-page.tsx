import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

/** The frame of the pages a mailed link opens (no sign-in): a title, what happened, Home. */
export function LinkPage({
  pageTitle,
  title,
  children,
}: {
  pageTitle: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('alerts');
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <title>{`${pageTitle} · CareCode`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
      <Link to="/" className={buttonClass('secondary', 'mt-6')}>
        {t('home')}
      </Link>
    </div>
  );
}

/** What the server said, or the sentence of a link that cannot work. */
export function LinkOutcome({
  tone,
  children,
}: {
  tone: 'done' | 'failed' | 'busy';
  children: ReactNode;
}) {
  if (tone === 'failed') {
    return (
      <p role="alert" className="mt-3 font-medium text-red-800">
        {children}
      </p>
    );
  }
  return (
    <p
      role="status"
      className={`mt-3 ${tone === 'done' ? 'font-medium text-green-800' : 'text-slate-700'}`}
    >
      {children}
    </p>
  );
}
