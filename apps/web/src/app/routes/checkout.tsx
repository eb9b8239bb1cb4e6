import { parsePlanName } from '@carecode/domain/plans/plans';
import { Navigate, useSearchParams } from 'react-router';
import { CheckoutPage } from '../../features/billing/components/checkout-page.tsx';

/** /checkout?plan=: a missing or unknown plan (any letter case) goes back to /pricing. */
export function Component() {
  const [params] = useSearchParams();
  const plan = parsePlanName(params.get('plan'));
  if (!plan) return <Navigate to="/pricing" replace />;
  return <CheckoutPage plan={plan} />;
}
