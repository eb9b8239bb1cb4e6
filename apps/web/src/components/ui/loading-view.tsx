import { useTranslation } from 'react-i18next';

/** The loading wrapper of spec §4: a spinner with 'Loading...' and a refresh hint. */
export function LoadingView({ hint = true }: { hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-2 py-12 text-slate-600"
    >
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand-700"
      />
      <span>{t('state.loading')}</span>
      {hint && <span className="text-sm text-slate-500">{t('state.loadingHint')}</span>}
    </div>
  );
}

/** The 'Error' view with the error text. */
export function ErrorView({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto my-8 max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
    >
      <h2 className="font-semibold">{t('state.error')}</h2>
      <p className="mt-1 break-words">{message}</p>
    </div>
  );
}
