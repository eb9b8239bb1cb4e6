import { PaymentStatusRoute } from '../../features/billing/components/billing-routes.tsx';

/** /payment-status?merchantOrderId= (spec §2). */
export function Component() {
  return <PaymentStatusRoute />;
}
