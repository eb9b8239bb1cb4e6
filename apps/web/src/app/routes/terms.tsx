import { TermsPage } from '../../features/marketing/components/terms-page.tsx';

export function Component() {
  return <TermsPage />;
}
