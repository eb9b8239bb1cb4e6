import type { InvitationPreview } from '@carecode/domain/organizations/organization.schema';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSignIn } from '../../../lib/sign-in.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { invitationQueryOptions } from '../api/get-invitation.ts';
import { useOrganizationDates } from '../lib/format.ts';
import { dashboardPath } from './organization-switch.tsx';

type ClosedState = Exclude<InvitationPreview['state'], 'open'> | 'unknown';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {children}
    </div>
  );
}

/** An invitation that can no longer be accepted, and why. */
function ClosedInvitation({ state, organization }: { state: ClosedState; organization?: string }) {
  const { t } = useTranslation('organizations');
  const { isSignedIn } = useSignIn();
  return (
    <Card>
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">
        {t(`invitation.states.${state}.title`)}
      </h1>
      <p role="alert" className="text-slate-700">
        {t(`invitation.states.${state}.text`, { organization })}
      </p>
      <Link to={isSignedIn ? dashboardPath(null) : '/'} className={buttonClass('secondary')}>
        {isSignedIn ? t('invitation.toDashboard') : t('invitation.home')}
      </Link>
    </Card>
  );
}

/**
 * /invitations/{token}: what the link offers ('Sunrise School invites you to join as member').
 * Signed out: sign in or create an account, then come back here; signed in: accept, and land on
 * the organisation's dashboard. A used, expired, withdrawn or unknown link says so.
 */
export function InvitationPage({
  token,
  onRegister,
}: {
  token: string;
  /** Before 'Create an account' starts sign-in: ask for the registration screen. */
  onRegister: () => void;
}) {
  const { t } = useTranslation('organizations');
  const { errorText } = useErrorText();
  const { formatDay } = useOrganizationDates();
  const auth = useAuth();
  const { signIn } = useSignIn();
  const navigate = useNavigate();
  const preview = useQuery(invitationQueryOptions(token));
  const accept = useAcceptInvitation();
  const returnTo = `/invitations/${encodeURIComponent(token)}`;

  const title = <title>{`${t('invitation.pageTitle')} · CareCode`}</title>;
  if (preview.isPending) {
    return (
      <>
        {title}
        <LoadingView />
      </>
    );
  }
  if (preview.error) {
    const isUnknown =
      preview.error instanceof ApiError &&
      (preview.error.code === 'INVITATION_NOT_FOUND' || preview.error.status === 404);
    return (
      <div className="px-4 py-8">
        {title}
        {isUnknown ? (
          <ClosedInvitation state="unknown" />
        ) : (
          <ErrorView message={errorText(preview.error)} />
        )}
      </div>
    );
  }

  const invitation = preview.data;
  const organization = invitation.organizationName;
  const acceptError = accept.error;
  const isClosedNow = acceptError instanceof ApiError && acceptError.code === 'INVITATION_CLOSED';
  if (invitation.state !== 'open') {
    return (
      <div className="px-4 py-8">
        {title}
        <ClosedInvitation state={invitation.state} organization={organization} />
      </div>
    );
  }

  const doAccept = () =>
    accept.mutate(token, {
      onSuccess: (joined) => {
        toast.success(t('invitation.joined', { organization: joined.name }));
        void navigate(dashboardPath(joined.id));
      },
    });
  const myEmail = auth.user?.profile.email;

  return (
    <div className="px-4 py-8">
      {title}
      <Card>
        <h1 className="break-words text-xl font-bold text-slate-900 sm:text-2xl">
          {t('invitation.heading', {
            organization,
            role: t(`roleWords.${invitation.role}`),
          })}
        </h1>
        <p className="break-words text-slate-700">
          {t('invitation.sentTo', { email: invitation.email })}
        </p>
        <p className="text-slate-700">{t(`invitation.roleHint.${invitation.role}`)}</p>
        <p className="text-sm text-slate-600">
          {t('invitation.openUntil', { date: formatDay(invitation.expiresAt) })}
        </p>
        {acceptError && (
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            <p>{errorText(acceptError)}</p>
            {acceptError instanceof ApiError && acceptError.code === 'ALREADY_MEMBER' && (
              <Link to={dashboardPath(null)} className={buttonClass('secondary', 'mt-2')}>
                {t('invitation.toDashboard')}
              </Link>
            )}
          </div>
        )}
        {auth.isLoading ? (
          <LoadingView hint={false} />
        ) : auth.isAuthenticated ? (
          <div className="space-y-3">
            {typeof myEmail === 'string' && (
              <p className="break-words text-sm text-slate-600">
                {t('invitation.signedInAs', { email: myEmail })}
              </p>
            )}
            {!isClosedNow && (
              <Button
                className="w-full sm:w-auto"
                onClick={doAccept}
                disabled={accept.isPending}
                aria-busy={accept.isPending}
              >
                {accept.isPending ? t('invitation.accepting') : t('invitation.accept')}
              </Button>
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">{t('invitation.signedOutHint')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => signIn(returnTo)}>{t('invitation.signIn')}</Button>
              <Button
                variant="secondary"
                onClick={() => {
                  onRegister();
                  signIn(returnTo);
                }}
              >
                {t('invitation.register')}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
