import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Button } from '../../../components/ui/button.tsx';
import { AuthAlert } from './auth-card.tsx';

/** The sign-in request behind this page is gone (expired, or opened in another browser). */
export function ExpiredInteraction({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  return (
    <div>
      <AuthAlert message={message} />
      <Button
        className="w-full"
        onClick={() => void auth.signinRedirect({ state: { returnTo: '/dashboard' } })}
      >
        {t('expired.action')}
      </Button>
    </div>
  );
}
