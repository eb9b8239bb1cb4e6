import { plans } from '@carecode/domain/plans/plans';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { usePlanState } from '../../../lib/current-user.ts';
import { usePlanDate } from '../../../lib/plan-date.ts';
import { usePlanName } from '../../../lib/plan-name.ts';
import { qrCodesQueryOptions } from '../api/get-qr-codes.ts';

/**
 * On the dashboard when some codes are beyond the QR limit of the plan in force (a paid plan has
 * ended): what happened, that those codes still work for scanners, and what cannot be done until
 * the owner is within the limit.
 */
export function PlanLimitNotice() {
  const { t } = useTranslation('qr-codes');
  const { data: qrs } = useQuery(qrCodesQueryOptions());
  const { plan, paidPlan, planExpiresAt, isPaidActive } = usePlanState();
  const planName = usePlanName();
  const planDate = usePlanDate();
  const beyond = qrs?.filter((qr) => qr.beyondPlanLimit).length ?? 0;
  if (!beyond) return null;
  const limit = plans[plan].limits.maxQrCodes ?? 0;
  const hasEnded = Boolean(paidPlan && planExpiresAt && !isPaidActive);

  return (
    <aside
      aria-labelledby="plan-limit-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="plan-limit-notice"
    >
      <div className="space-y-1">
        <p id="plan-limit-title" className="font-semibold text-amber-950">
          {t('planLimit.title')}
        </p>
        {hasEnded && paidPlan && planExpiresAt && (
          <p className="text-sm text-amber-900">
            {t('planLimit.ended', {
              paidPlan: planName(paidPlan),
              date: planDate(planExpiresAt),
              plan: planName(plan),
            })}
          </p>
        )}
        <p className="text-sm text-amber-900">
          {t('planLimit.text', { count: beyond, plan: planName(plan), limit })}
        </p>
      </div>
      <Link to="/pricing" className={buttonClass('primary', 'shrink-0')}>
        {hasEnded && paidPlan
          ? t('planLimit.renew', { plan: planName(paidPlan) })
          : t('dashboard.viewPlans')}
      </Link>
    </aside>
  );
}
