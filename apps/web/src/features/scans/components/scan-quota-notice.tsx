import { canUpgradeTo, plans, type PlanType } from '@carecode/domain/plans/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useCurrentPlan } from '../../../lib/current-user.ts';

/**
 * Under the exhausted badge of a QR: once this month's scans reach the plan's quota, says what
 * scanners still get and offers 'Upgrade Plan' (when an upgrade exists). Nothing below quota.
 */
export function ScanQuotaNotice({ qr, plan }: { qr: { scanCount: number }; plan?: PlanType }) {
  const { t } = useTranslation('scans');
  const accountPlan = useCurrentPlan();
  const currentPlan = plan ?? accountPlan;
  const limit = plans[currentPlan].limits.scansPerQrPerMonth;
  if (qr.scanCount < limit) return null;
  return (
    <section
      aria-labelledby="scan-quota-title"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="scan-quota-title" className="font-bold text-red-900">
          {t('quota.title', { limit })}
        </h2>
        <p className="mt-1 text-sm text-red-900">{t('quota.text')}</p>
      </div>
      {canUpgradeTo(currentPlan, 'BASIC') && (
        <Link to="/pricing" className={buttonClass('primary', 'shrink-0')}>
          {t('quota.upgrade')}
        </Link>
      )}
    </section>
  );
}
