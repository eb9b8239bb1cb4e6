import {
  formatRupees,
  plans,
  type BillingPeriod,
  type PlanType,
} from '@carecode/domain/plans/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useCheckout, type CheckoutOptions } from '../hooks/use-checkout.ts';
import { BillingPeriodToggle } from './billing-period-toggle.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { usePlanName } from '../../../lib/plan-name.ts';

function priceLine(plan: PlanType, period: BillingPeriod | undefined, t: (key: string) => string) {
  const { oneTimePaise, monthlyPaise, yearlyPaise } = plans[plan].amounts;
  if (oneTimePaise !== undefined) {
    return { amount: formatRupees(oneTimePaise), note: t('checkout.oneTimeLifetime') };
  }
  if (period === 'MONTHLY') {
    return { amount: formatRupees(monthlyPaise ?? 0), note: t('checkout.perMonth') };
  }
  return { amount: formatRupees(yearlyPaise ?? 0), note: t('checkout.perYear') };
}

/**
 * /checkout?plan=: 'Confirm Your Plan', the order summary and 'Proceed to Payment' (spec §2, §4);
 * Premium and Business with the monthly/yearly choice (one payment per period).
 */
export function CheckoutPage({
  plan,
  initialPeriod,
  redirect,
  timeoutMs,
}: {
  plan: PlanType;
  /** Premium and Business only. */
  initialPeriod?: BillingPeriod;
  redirect?: CheckoutOptions['redirect'];
  timeoutMs?: number;
}) {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const [period, setPeriod] = useState(initialPeriod);
  const { isProcessing, error, proceed } = useCheckout(plan, period, {
    redirect,
    timeoutMs,
    onTimeout: () => window.alert(t('checkout.timeout')),
  });
  const { amount, note } = priceLine(plan, period, t);
  const name = usePlanName()(plan);

  return (
    <div className="mx-auto max-w-lg px-4 py-8 sm:py-12">
      <title>{`${t('checkout.pageTitle')} · CareCode`}</title>
      <h1 className="text-center text-3xl font-bold text-slate-900">{t('checkout.title')}</h1>
      <section
        aria-labelledby="order-summary"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="order-summary" className="text-lg font-semibold text-slate-900">
          {t('checkout.summary')}
        </h2>
        {period && (
          <div className="mt-4">
            <BillingPeriodToggle
              value={period === 'MONTHLY' ? 'monthly' : 'yearly'}
              onChange={(next) => setPeriod(next === 'monthly' ? 'MONTHLY' : 'YEARLY')}
              disabled={isProcessing}
            />
          </div>
        )}
        <dl className="mt-4 space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('checkout.plan')}</dt>
            <dd className="font-semibold text-slate-900">{name}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('checkout.description')}</dt>
            <dd className="text-slate-700">{t(`plans.${plan}.description`)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
            <dt className="text-slate-600">{t('checkout.price')}</dt>
            <dd className="text-right">
              <span className="text-2xl font-bold text-slate-900">{amount}</span>{' '}
              <span className="text-slate-600">{note}</span>
            </dd>
          </div>
        </dl>
        <Button
          className="mt-6 w-full"
          onClick={() => void proceed()}
          disabled={isProcessing}
          aria-busy={isProcessing}
        >
          {isProcessing && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {isProcessing ? t('checkout.processing') : t('checkout.proceed')}
        </Button>
        {error !== undefined && (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorText(error)}
          </p>
        )}
        <p className="mt-4 text-xs text-slate-500">{t('checkout.secureNote')}</p>
      </section>
      <p className="mt-6 text-center">
        <Link to="/pricing" className={buttonClass('ghost')}>
          {t('checkout.backToPricing')}
        </Link>
      </p>
    </div>
  );
}
