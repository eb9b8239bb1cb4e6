import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AuthAlert } from './auth-card.tsx';
import { useSignIn } from '../../../lib/sign-in.ts';

/** The sign-in request behind this page is gone (expired, or opened in another browser). */
export function ExpiredInteraction({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  const { signIn } = useSignIn();
  return (
    <div>
      <AuthAlert message={message} />
      <Button className="w-full" onClick={() => signIn()}>
        {t('expired.action')}
      </Button>
    </div>
  );
}
