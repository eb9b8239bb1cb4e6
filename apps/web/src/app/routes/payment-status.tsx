import { Navigate, useSearchParams } from 'react-router';
import { PaymentStatusPage } from '../../features/billing/components/payment-status-page.tsx';

/** /payment-status?merchantOrderId=: without an id it goes to /pricing. */
export function Component() {
  const [params] = useSearchParams();
  const merchantOrderId = params.get('merchantOrderId')?.trim();
  if (!merchantOrderId) return <Navigate to="/pricing" replace />;
  return <PaymentStatusPage key={merchantOrderId} merchantOrderId={merchantOrderId} />;
}
