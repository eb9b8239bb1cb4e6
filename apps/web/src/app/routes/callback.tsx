import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';

/** The sign-in return address; the auth provider completes sign-in and navigates on. */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.error) {
    return (
      <div role="alert" className="mx-auto max-w-xl p-6 text-center">
        <h1 className="text-xl font-semibold text-red-800">{t('errors.signInFailed')}</h1>
        <p className="mt-2 text-slate-700">{auth.error.message}</p>
        <a href="/" className="mt-4 inline-block text-brand-700 underline">
          {t('errors.goHome')}
        </a>
      </div>
    );
  }
  return (
    <p role="status" className="py-12 text-center">
      {t('state.loggingIn')}
    </p>
  );
}
