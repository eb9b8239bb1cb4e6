import { canManage } from '@carecode/domain/organizations/organization.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link, useNavigate } from 'react-router';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { organizationKeys } from '../api/organization-keys.ts';
import { BrandingCard } from '../branding-card.tsx';
import { AuditLog } from './audit-log.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { DeleteOrganizationButton, LeaveOrganizationButton } from './leave-organization.tsx';
import { MembersTable } from './members-table.tsx';
import { OrganizationNameForm } from './organization-name-form.tsx';
import { dashboardPath } from './organization-switch.tsx';
import { RoleBadge } from './role-badge.tsx';

/** The signed-in user's e-mail: the server's answer, else the token's claim. */
function useMyEmail(): string | null {
  const auth = useAuth();
  const me = useCurrentUser();
  const claim = auth.user?.profile.email;
  return me.data?.email ?? (typeof claim === 'string' ? claim : null);
}

/**
 * /organizations/{id}: the organisation's name, members and (for admins) invitations, the
 * invite form, the branding and the activity log; members see the team and may leave.
 */
export function OrganizationPage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    data: organization,
    error,
    isPending,
  } = useQuery(organizationQueryOptions(organizationId));
  const myEmail = useMyEmail()?.toLowerCase() ?? null;
  const myUserId =
    organization?.members.find((member) => member.email?.toLowerCase() === myEmail)?.userId ?? null;
  const reload = () => void queryClient.invalidateQueries({ queryKey: organizationKeys.all });

  let content;
  if (isPending) {
    content = <LoadingView />;
  } else if (error) {
    content = <ErrorView message={errorText(error, t('page.loadError'))} />;
  } else {
    const isAdmin = canManage(organization.role);
    content = (
      <>
        <div className="space-y-2">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">
            {organization.name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>
              {t('summary.yourRole')}: <RoleBadge role={organization.role} />
            </span>
            <span aria-hidden="true">·</span>
            <span>
              {t('summary.counts', {
                members: t('summary.members', { count: organization.memberCount }),
                codes: t('summary.codes', { count: organization.qrCount }),
              })}
            </span>
          </p>
        </div>
        {isAdmin && <OrganizationNameForm organization={organization} />}
        <BrandingCard organization={organization} onChange={reload} />
        <MembersTable organization={organization} myUserId={myUserId} />
        {isAdmin && (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <InviteForm organizationId={organization.id} />
            <InvitationsList organization={organization} />
          </div>
        )}
        {isAdmin && <AuditLog organizationId={organization.id} />}
        {organization.role === 'owner' ? (
          <section
            aria-labelledby="delete-organization-title"
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="delete-organization-title" className="font-semibold text-slate-900">
                {t('delete.heading')}
              </h2>
              <p className="text-sm text-slate-600">{t('delete.hint')}</p>
            </div>
            <DeleteOrganizationButton
              organization={organization}
              onDeleted={() => navigate(dashboardPath(null))}
            />
          </section>
        ) : (
          myUserId && (
            <div>
              <LeaveOrganizationButton
                organization={organization}
                myUserId={myUserId}
                onLeft={() => navigate(dashboardPath(null))}
              />
            </div>
          )
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <title>{`${organization?.name ?? t('page.pageTitle')} · CareCode`}</title>
      <Link
        to={dashboardPath(organization ? organization.id : null)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
      >
        <span aria-hidden="true">←</span> {t('page.back')}
      </Link>
      {content}
    </div>
  );
}
