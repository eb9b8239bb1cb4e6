import { YEARLY_SAVING_PERCENT } from '@carecode/domain/plans/plans';
import { useTranslation } from 'react-i18next';

export type BillingPeriod = 'monthly' | 'yearly';

/** Monthly / yearly switch: two toggle buttons in a labelled group. */
export function BillingPeriodToggle({
  value,
  onChange,
  disabled,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('billing');
  const option = (period: BillingPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={value === period}
      disabled={disabled}
      onClick={() => onChange(period)}
      className={`min-h-11 rounded-full px-4 text-sm font-semibold transition-colors ${
        value === period ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="group"
        aria-label={t('pricing.billingPeriod')}
        className="inline-flex rounded-full bg-slate-100 p-1"
      >
        {option('monthly', t('pricing.monthly'))}
        {option('yearly', t('pricing.yearly'))}
      </div>
      <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">
        {t('pricing.save', { percent: YEARLY_SAVING_PERCENT })}
      </span>
    </div>
  );
}
