import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The global error boundary: 'Something went wrong.' with the error details. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const details = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-xl p-6" role="alert">
      <h1 className="text-2xl font-bold text-red-800">{t('errors.somethingWentWrong')}</h1>
      <details className="mt-4 rounded border border-slate-200 bg-white p-3 text-sm" open>
        <summary>{t('errors.details')}</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words">{details}</pre>
      </details>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        {t('errors.goHome')}
      </a>
    </main>
  );
}
