import { UnsubscribePage } from '../../features/alerts/components/unsubscribe-page.tsx';

/** /alerts/unsubscribe?token= (no sign-in): stop the alert mails a link came with. */
export function Component() {
  return <UnsubscribePage />;
}
