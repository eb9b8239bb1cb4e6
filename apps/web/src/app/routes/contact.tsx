import { ContactPage } from '../../features/marketing/components/contact-page.tsx';

export function Component() {
  return <ContactPage />;
}
