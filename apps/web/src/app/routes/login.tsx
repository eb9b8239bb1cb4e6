import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { interactionQueryOptions, submitLogin } from '../../features/auth/api/interaction.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ExpiredInteraction } from '../../features/auth/components/expired-interaction.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useStartSignIn } from '../../features/auth/hooks/use-start-sign-in.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { clearRegisterIntent, hasRegisterIntent } from '../../features/auth/lib/sign-in-intent.ts';

/**
 * /login?uid={interaction}: the built-in provider's sign-in screen. Without a uid it starts
 * sign-in, so /login also works as an entry point.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { errorText } = useErrorText();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const [wantsRegister] = useState(() => Boolean(uid) && hasRegisterIntent());
  useEffect(() => {
    if (uid) clearRegisterIntent();
  }, [uid]);
  useStartSignIn({ isEnabled: !uid });
  const details = useQuery({ ...interactionQueryOptions(uid), enabled: Boolean(uid) });

  const title = <title>{`${t('login.pageTitle')} · CareCode`}</title>;
  if (!uid) {
    return (
      <>
        {title}
        <LoadingView hint={false} />
      </>
    );
  }
  if (wantsRegister) return <Navigate to={`/register?uid=${encodeURIComponent(uid)}`} replace />;

  return (
    <AuthCard
      heading={t('login.heading')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to={`/register?uid=${encodeURIComponent(uid)}`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      {title}
      {details.isError ? (
        <ExpiredInteraction message={errorText(details.error)} />
      ) : (
        <LoginForm
          onSubmit={async (input) => {
            const { redirectTo } = await submitLogin(uid, input);
            window.location.assign(redirectTo);
          }}
        />
      )}
    </AuthCard>
  );
}
