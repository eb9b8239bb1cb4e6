import {
  canUpgradeTo,
  comingSoonFeatures,
  formatRupees,
  isSubscriptionPlan,
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
import { usePlanDate } from '../../../lib/plan-date.ts';

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

/** What the account holds, as the cards need it (see `usePlanState`). */
export interface PlanCardHolding {
  plan: PlanType;
  ownedPlan: PlanType;
  /** The paid plan's end while it runs. */
  paidUntil: string | null;
}

/**
 * One plan of spec §9 with its price, limits, extras and its action: buy (Basic once; Premium and
 * Business for the chosen period, through the same checkout), renew the paid plan in force (the
 * period is added to its end), or why not.
 */
export function PlanCard({
  plan,
  period,
  holding,
}: {
  plan: Plan;
  period: BillingPeriod;
  holding: PlanCardHolding;
}) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const planDate = usePlanDate();
  const name = planName(plan.key);
  const isCurrent = plan.key === holding.plan;
  const isSubscription = isSubscriptionPlan(plan.key);
  const headingId = `plan-${plan.key.toLowerCase()}`;
  const periodKey = period === 'yearly' ? 'YEARLY' : 'MONTHLY';
  const periodName = t(`pricing.${period}`).toLowerCase();
  const canBuy = canUpgradeTo(holding.plan, plan.key, holding.ownedPlan);
  const buyLink = (label: string, ariaLabel: string) => (
    <Link
      to={checkoutPath(plan.key, isSubscription ? periodKey : undefined)}
      className={buttonClass('primary', 'w-full')}
      aria-label={ariaLabel}
    >
      {label}
    </Link>
  );

  let action;
  if (isCurrent && isSubscription && canBuy) {
    action = buyLink(
      t('pricing.renew'),
      t('pricing.renewPlan', { plan: name, period: periodName }),
    );
  } else if (isCurrent) {
    action = (
      <p className={buttonClass('secondary', 'w-full cursor-default')} aria-current="true">
        {t('pricing.currentPlan')}
      </p>
    );
  } else if (canBuy && planRank[plan.key] < planRank[holding.plan]) {
    // Basic bought while a paid plan runs: it is what remains afterwards.
    action = (
      <>
        <p className="mb-2 text-center text-sm text-slate-600">{t('pricing.keepsAfter')}</p>
        {buyLink(t('pricing.buy'), t('pricing.buyPlan', { plan: name }))}
      </>
    );
  } else if (canBuy) {
    action = buyLink(
      t('pricing.upgrade'),
      isSubscription
        ? t('pricing.upgradeToPeriod', { plan: name, period: periodName })
        : t('pricing.upgradeTo', { plan: name }),
    );
  } else if (
    planRank[plan.key] < planRank[holding.plan] &&
    planRank[plan.key] <= planRank[holding.ownedPlan]
  ) {
    action = <p className="py-2 text-center text-sm text-slate-600">{t('pricing.included')}</p>;
  } else if (planRank[plan.key] < planRank[holding.plan]) {
    action = (
      <p className="py-2 text-center text-sm text-slate-600">
        {t('pricing.afterHigherEnds', { plan: planName(holding.plan) })}
      </p>
    );
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
      </div>
      <p className="mt-2 text-sm text-slate-600">{t(`plans.${plan.key}.description`)}</p>
      <PlanPrice plan={plan} period={period} />
      {isCurrent && holding.paidUntil && (
        <p className="mt-1 text-sm font-medium text-slate-800">
          {t('pricing.activeUntil', { date: planDate(holding.paidUntil) })}
        </p>
      )}
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
          <li key={feature} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>{t(`features.${feature}`)}</span>
            {comingSoonFeatures.has(feature) && (
              <Badge tone="amber">{t('pricing.comingSoon')}</Badge>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
