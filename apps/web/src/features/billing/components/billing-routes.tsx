import {
  isSubscriptionPlan,
  parseBillingPeriod,
  parsePlanName,
} from '@carecode/domain/plans/plans';
import { Navigate, useSearchParams } from 'react-router';
import { CheckoutPage } from './checkout-page.tsx';
import { PaymentStatusPage } from './payment-status-page.tsx';

/**
 * /checkout?plan=(&period=monthly|yearly): a missing or unknown plan (any letter case) goes back
 * to /pricing; Premium and Business without a known period start on yearly (the spec's price).
 */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  const plan = parsePlanName(params.get('plan'));
  if (!plan) return <Navigate to="/pricing" replace />;
  const period = isSubscriptionPlan(plan)
    ? (parseBillingPeriod(params.get('period')) ?? 'YEARLY')
    : undefined;
  return <CheckoutPage key={plan} plan={plan} initialPeriod={period} />;
}

/** /payment-status?merchantOrderId=: without an id it goes to /pricing. */
export function PaymentStatusRoute() {
  const [params] = useSearchParams();
  const merchantOrderId = params.get('merchantOrderId')?.trim();
  if (!merchantOrderId) return <Navigate to="/pricing" replace />;
  return <PaymentStatusPage key={merchantOrderId} merchantOrderId={merchantOrderId} />;
}
