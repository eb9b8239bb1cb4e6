import { useSearchParams } from 'react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

/** /reset-password?token=: the page the reset mail links to. */
export function Component() {
  const [params] = useSearchParams();
  return <ResetPasswordPage token={params.get('token') ?? ''} />;
}
