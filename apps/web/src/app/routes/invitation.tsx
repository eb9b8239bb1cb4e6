import { useParams } from 'react-router';
import { rememberRegisterIntent } from '../../features/auth/lib/sign-in-intent.ts';
import { InvitationPage } from '../../features/organizations/components/invitation-page.tsx';

/** /invitations/{token}: the link of an invitation mail; signed in or not. */
export function Component() {
  const { token = '' } = useParams();
  return <InvitationPage token={token} onRegister={rememberRegisterIntent} />;
}
