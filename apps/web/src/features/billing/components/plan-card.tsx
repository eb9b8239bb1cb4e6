import {
  canUpgradeTo,
  formatRupees,
  planRank,
  type Plan,
  type PlanType,
} from '@carecode/domain/plans/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkoutPath } from '../../../lib/checkout-path.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import type { BillingPeriod } from './billing-period-toggle.tsx';
import { usePlanName } from '../../../lib/plan-name.ts';

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t } = useTranslation('billing');
  const { oneTimePaise, monthlyPaise, yearlyPaise } = plan.amounts;
  let amount: number;
  let suffix: string;
  if (oneTimePaise !== undefined) {
    amount = oneTimePaise;
    suffix = oneTimePaise === 0 ? t('pricing.forever') : t('pricing.oneTimeLifetime');
  } else if (period === 'yearly' && yearlyPaise !== undefined) {
    amount = yearlyPaise;
    suffix = t('pricing.perYear');
  } else {
    amount = monthlyPaise ?? 0;
    suffix = t('pricing.perMonth');
  }
  return (
    <p className="mt-4 flex items-baseline gap-1">
      <span className="text-4xl font-bold tracking-tight text-slate-900">
        {formatRupees(amount)}
      </span>
      <span className="text-sm text-slate-600">{suffix}</span>
    </p>
  );
}

/** One plan of spec §9 with its price, limits, extras and the one action the spec allows. */
export function PlanCard({
  plan,
  period,
  currentPlan,
}: {
  plan: Plan;
  period: BillingPeriod;
  currentPlan: PlanType;
}) {
  const { t } = useTranslation('billing');
  const name = usePlanName()(plan.key);
  const isCurrent = plan.key === currentPlan;
  const headingId = `plan-${plan.key.toLowerCase()}`;

  let action;
  if (isCurrent) {
    action = (
      <p className={buttonClass('secondary', 'w-full cursor-default')} aria-current="true">
        {t('pricing.currentPlan')}
      </p>
    );
  } else if (plan.comingSoon) {
    action = (
      <button type="button" disabled className={buttonClass('secondary', 'w-full')}>
        {t('pricing.comingSoon')}
      </button>
    );
  } else if (canUpgradeTo(currentPlan, plan.key)) {
    action = (
      <Link
        to={checkoutPath(plan.key)}
        className={buttonClass('primary', 'w-full')}
        aria-label={t('pricing.upgradeTo', { plan: name })}
      >
        {t('pricing.upgrade')}
      </Link>
    );
  } else if (planRank[plan.key] < planRank[currentPlan]) {
    action = <p className="py-2 text-center text-sm text-slate-600">{t('pricing.included')}</p>;
  }

  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        isCurrent ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {name}
        </h2>
        {isCurrent && <Badge tone="blue">{t('pricing.currentPlan')}</Badge>}
        {plan.comingSoon && !isCurrent && <Badge tone="amber">{t('pricing.comingSoon')}</Badge>}
      </div>
      <p className="mt-2 text-sm text-slate-600">{t(`plans.${plan.key}.description`)}</p>
      <PlanPrice plan={plan} period={period} />
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        <li>
          {plan.limits.maxQrCodes === null
            ? t('pricing.qrUnlimited')
            : t('pricing.qrLimit', { count: plan.limits.maxQrCodes })}
        </li>
        <li>{t('pricing.scanLimit', { count: plan.limits.scansPerQrPerMonth })}</li>
        <li>{t('pricing.realTimeHistory')}</li>
        {planRank[plan.key] <= planRank.BASIC && <li>{t('pricing.visibleContacts')}</li>}
        {plan.features.map((feature) => (
          <li key={feature}>
            {t('pricing.comingSoonFeature', { feature: t(`features.${feature}`) })}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
