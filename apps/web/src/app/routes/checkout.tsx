import { CheckoutRoute } from '../../features/billing/components/billing-routes.tsx';

/** /checkout?plan= (spec §2). */
export function Component() {
  return <CheckoutRoute />;
}
