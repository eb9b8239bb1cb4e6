import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';

/** Spec §2: 'Please log in to view your profile.' with 'Go to Login' and 'Back to Home'. */
export function LoggedOutPrompt({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <LockIcon />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('loggedOut.text')}</h1>
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" onClick={onLogin} className={buttonClass('primary')}>
            {t('loggedOut.login')}
          </button>
          <Link to="/" className={buttonClass('ghost')}>
            {t('loggedOut.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
