import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';

/** Shown on the dashboard when the user has no plan groups (spec §2). */
export function FreePlanBanner() {
  const { t } = useTranslation('qr-codes');
  return (
    <aside
      aria-labelledby="free-plan-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p id="free-plan-title" className="font-semibold text-amber-950">
          {t('dashboard.freePlanTitle')}
        </p>
        <p className="text-sm text-amber-900">{t('dashboard.freePlanText')}</p>
      </div>
      <Link to="/pricing" className={buttonClass('primary', 'shrink-0')}>
        {t('dashboard.viewPlans')}
      </Link>
    </aside>
  );
}
