import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';

/** /forgot-password (spec: sign-in page's 'Forgot password?'). */
export function Component() {
  return <ForgotPasswordPage />;
}
