import { PricingPage } from '../../features/billing/components/pricing-page.tsx';

/** /pricing (spec §2). */
export function Component() {
  return <PricingPage />;
}
