import { GuardianConfirmPage } from '../../features/alerts/components/guardian-confirm-page.tsx';

/** /guardians/confirm?token= (no sign-in): a guardian accepts an invitation. */
export function Component() {
  return <GuardianConfirmPage />;
}
