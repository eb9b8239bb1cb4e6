import { parsePlanName } from '@carecode/domain/plans/plans';
import { Navigate, useSearchParams } from 'react-router';
import { CheckoutPage } from './checkout-page.tsx';
import { PaymentStatusPage } from './payment-status-page.tsx';

/** /checkout?plan=: a missing or unknown plan (any letter case) goes back to /pricing. */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  const plan = parsePlanName(params.get('plan'));
  if (!plan) return <Navigate to="/pricing" replace />;
  return <CheckoutPage plan={plan} />;
}

/** /payment-status?merchantOrderId=: without an id it goes to /pricing. */
export function PaymentStatusRoute() {
  const [params] = useSearchParams();
  const merchantOrderId = params.get('merchantOrderId')?.trim();
  if (!merchantOrderId) return <Navigate to="/pricing" replace />;
  return <PaymentStatusPage key={merchantOrderId} merchantOrderId={merchantOrderId} />;
}
