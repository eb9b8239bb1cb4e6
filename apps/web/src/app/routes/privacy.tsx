import { PrivacyPage } from '../../features/marketing/components/privacy-page.tsx';

export function Component() {
  return <PrivacyPage />;
}
