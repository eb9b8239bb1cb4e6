import { planList } from '@carecode/domain/plans/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanState } from '../../../lib/current-user.ts';
import { useSilentRefresh } from '../hooks/use-silent-refresh.ts';
import { BillingPeriodToggle, type BillingPeriod } from './billing-period-toggle.tsx';
import { PlanCard } from './plan-card.tsx';
import { usePlanName } from '../../../lib/plan-name.ts';

/** /pricing: plan comparison with the monthly/yearly toggle (spec §2, §4, §9). */
export function PricingPage({ renew }: { renew?: () => Promise<unknown> }) {
  const { t } = useTranslation('billing');
  // Until the visitor chooses, the period of the plan paid for (so Renew offers the same).
  const [chosenPeriod, setPeriod] = useState<BillingPeriod>();
  const { plan: currentPlan, ownedPlan, paidPeriod, planExpiresAt, isPaidActive } = usePlanState();
  const period = chosenPeriod ?? (isPaidActive && paidPeriod === 'YEARLY' ? 'yearly' : 'monthly');
  const holding = {
    plan: currentPlan,
    ownedPlan,
    paidUntil: isPaidActive ? planExpiresAt : null,
  };
  const planName = usePlanName();
  useSilentRefresh(renew);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <title>{`${t('pricing.pageTitle')} · CareCode`}</title>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('pricing.heading')}</h1>
        <p className="mt-3 text-slate-600">{t('pricing.intro')}</p>
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="current-plan">
          {t('pricing.yourPlan', { plan: planName(currentPlan) })}
        </p>
      </header>
      <div className="mt-8">
        <BillingPeriodToggle value={period} onChange={setPeriod} />
      </div>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {planList.map((plan) => (
          <PlanCard key={plan.key} plan={plan} period={period} holding={holding} />
        ))}
      </div>
      <div className="mt-8 space-y-1 text-center text-sm text-slate-600">
        <p>{t('pricing.refundPolicy')}</p>
        <p>{t('pricing.supportLine')}</p>
      </div>
    </div>
  );
}
