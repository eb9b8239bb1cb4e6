import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Outlet } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { ANONYMOUS_SESSION_ERRORS } from '../../lib/auth.ts';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** The shared layout of spec §2: header, the page or an authentication state, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { logout, isLoggingOut } = useLogout();
  // A failed silent renewal leaves the user in place and is retried: the page stays. Only an
  // error with nobody signed in (a broken sign-in) replaces the page.
  const authError =
    auth.error &&
    !auth.user &&
    !ANONYMOUS_SESSION_ERRORS.some((code) => auth.error?.message.includes(code))
      ? auth.error
      : undefined;

  let content;
  if (isLoggingOut || auth.activeNavigator === 'signoutRedirect') {
    content = (
      <p role="status" className="py-12 text-center">
        {t('state.loggingOut')}
      </p>
    );
  } else if (auth.isLoading) {
    content = <LoadingView hint={false} />;
  } else if (authError) {
    content = (
      <p role="alert" className="py-12 text-center text-red-800">
        {t('state.authError', { message: authError.message })}
      </p>
    );
  } else {
    content = (
      <Suspense fallback={<LoadingView hint={false} />}>
        <Outlet />
      </Suspense>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <Header onLogout={() => void logout()} />
      <main id="main" className="flex-1">
        {content}
      </main>
      <Footer onLogout={() => void logout()} />
    </div>
  );
}
