import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import {
  interactionQueryOptions,
  submitRegistration,
} from '../../features/auth/api/interaction.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ExpiredInteraction } from '../../features/auth/components/expired-interaction.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { useStartSignIn } from '../../features/auth/hooks/use-start-sign-in.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { rememberRegisterIntent } from '../../features/auth/lib/sign-in-intent.ts';

/**
 * /register?uid={interaction}: creates an account with the built-in provider and signs in.
 * Without a uid it starts sign-in first and comes back here.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { errorText } = useErrorText();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  useStartSignIn({ isEnabled: !uid, beforeStart: rememberRegisterIntent });
  const details = useQuery({ ...interactionQueryOptions(uid), enabled: Boolean(uid) });

  const title = <title>{`${t('register.pageTitle')} · CareCode`}</title>;
  if (!uid) {
    return (
      <>
        {title}
        <LoadingView hint={false} />
      </>
    );
  }

  return (
    <AuthCard
      heading={t('register.heading')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link
            to={`/login?uid=${encodeURIComponent(uid)}`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      {title}
      {details.isError ? (
        <ExpiredInteraction message={errorText(details.error)} />
      ) : (
        <RegisterForm
          onSubmit={async (input) => {
            const { redirectTo } = await submitRegistration(uid, input);
            window.location.assign(redirectTo);
          }}
        />
      )}
    </AuthCard>
  );
}
