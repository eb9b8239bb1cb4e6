import { AccountPage } from '../../features/account/components/account-page.tsx';

/** /account (spec §2). */
export function Component() {
  return <AccountPage />;
}
