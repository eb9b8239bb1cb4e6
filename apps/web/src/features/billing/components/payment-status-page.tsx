import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { canRetryPayment, checkoutPath } from '../../../lib/checkout-path.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { orderStatusQueryOptions } from '../api/get-order-status.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import {
  AFTER_PAYMENT_PATH,
  paymentStatusView,
  REDIRECT_SECONDS,
  type PaymentStatusKind,
} from '../lib/payment-status.ts';

const kindStyles: Record<PaymentStatusKind, { box: string; bar: string }> = {
  pending: { box: 'border-amber-300 bg-amber-50 text-amber-950', bar: 'bg-amber-500' },
  success: { box: 'border-green-300 bg-green-50 text-green-900', bar: 'bg-green-600' },
  error: { box: 'border-red-300 bg-red-50 text-red-900', bar: 'bg-red-600' },
  other: { box: 'border-slate-300 bg-slate-50 text-slate-900', bar: 'bg-slate-600' },
};

/**
 * /payment-status?merchantOrderId=: the state's message (spec §4), polled while PENDING; once a
 * status has arrived, a 5-second countdown with a progress bar, then /pricing?refresh=true.
 */
export function PaymentStatusPage({ merchantOrderId }: { merchantOrderId: string }) {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const status = useQuery(orderStatusQueryOptions(merchantOrderId));
  const hasArrived = status.data !== undefined || status.isError;
  const view = paymentStatusView(
    status.data ? status.data.state : status.isError ? 'ERROR' : undefined,
  );
  const secondsLeft = useCountdown(REDIRECT_SECONDS, hasArrived, () =>
    navigate(AFTER_PAYMENT_PATH, { replace: true }),
  );
  const elapsed = REDIRECT_SECONDS - secondsLeft;
  const styles = kindStyles[view.kind];

  return (
    <div className="mx-auto max-w-lg px-4 py-8 sm:py-12">
      <title>{`${t('status.pageTitle')} · CareCode`}</title>
      <h1 className="text-center text-3xl font-bold text-slate-900">{t('status.heading')}</h1>
      <section
        className={`mt-8 rounded-2xl border p-6 ${styles.box}`}
        data-kind={view.kind}
        data-testid="payment-status"
      >
        <p role="status" aria-live="polite" className="text-lg font-semibold">
          {t(`status.${view.messageKey}`)}
        </p>
        {status.isError && <p className="mt-2 text-sm break-words">{errorText(status.error)}</p>}
        <p className="mt-2 text-xs break-all opacity-80">
          {t('status.orderId', { id: merchantOrderId })}
        </p>
        {hasArrived && (
          <div className="mt-6">
            <p className="text-sm" aria-hidden="true">
              {t('status.countdown', { count: secondsLeft })}
            </p>
            <div
              role="progressbar"
              aria-label={t('status.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={REDIRECT_SECONDS}
              aria-valuenow={elapsed}
              aria-valuetext={t('status.countdown', { count: secondsLeft })}
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-white/70"
            >
              <div
                className={`h-full rounded-full transition-[width] duration-1000 ease-linear ${styles.bar}`}
                style={{ width: `${(elapsed / REDIRECT_SECONDS) * 100}%` }}
              />
            </div>
          </div>
        )}
      </section>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-slate-600">
        {status.data?.planType && canRetryPayment(status.data.state) && (
          <Link
            to={checkoutPath(status.data.planType, status.data.billingPeriod)}
            className={buttonClass('primary')}
          >
            {t('status.retry')}
          </Link>
        )}
        <Link to={AFTER_PAYMENT_PATH} replace className={buttonClass('secondary')}>
          {t('status.goNow')}
        </Link>
        {view.kind === 'other' && (
          <p>{t('status.support', { email: runtimeConfig.supportEmail })}</p>
        )}
      </div>
    </div>
  );
}
