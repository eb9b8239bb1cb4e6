import { canManage } from '@carecode/domain/organizations/organization.schema';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ChartIcon, UploadIcon } from '../../components/ui/icons.tsx';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { VerifyEmailNotice } from '../../features/account/components/verify-email-notice.tsx';
import { DeviceAlertsControl } from '../../features/alerts/components/device-alerts-control.tsx';
import { organizationsQueryOptions } from '../../features/organizations/api/get-organizations.ts';
import { OrganizationSummary } from '../../features/organizations/components/organization-summary.tsx';
import {
  dashboardPath,
  OrganizationSwitch,
} from '../../features/organizations/components/organization-switch.tsx';
import { CreateQrButton } from '../../features/qr-codes/components/create-qr-dialog.tsx';
import { FreePlanBanner } from '../../features/qr-codes/components/free-plan-banner.tsx';
import { PlanLimitNotice } from '../../features/qr-codes/components/plan-limit-notice.tsx';
import { QrCodeGrid } from '../../features/qr-codes/components/qr-code-grid.tsx';
import { ScanHistoryTable } from '../../features/scans/components/scan-history-table.tsx';
import { useCurrentPlan } from '../../lib/current-user.ts';
import { useErrorText } from '../../lib/error-text.ts';

/**
 * /dashboard: 'My QR Dashboard' (spec §2), for the personal codes or, with `?org={id}`, an
 * organisation's. Only its owner and admins see Create and Bulk create there.
 */
export function Component() {
  const { t } = useTranslation(['qr-codes', 'bulk', 'analytics', 'organizations']);
  const { errorText, codeText } = useErrorText();
  const navigate = useNavigate();
  const plan = useCurrentPlan();
  const [params] = useSearchParams();
  const organizationId = params.get('org') || null;
  const organizations = useQuery(organizationsQueryOptions());
  const organization = organizationId
    ? organizations.data?.find((item) => item.id === organizationId)
    : undefined;
  const mayCreate = organizationId ? canManage(organization?.role) : true;

  let body;
  if (!organizationId) {
    body = (
      <>
        <PlanLimitNotice />
        {plan === 'FREE' && <FreePlanBanner />}
        <QrCodeGrid />
        {/* scan-history */}
        <ScanHistoryTable />
      </>
    );
  } else if (organizations.isPending) {
    body = <LoadingView />;
  } else if (organizations.error) {
    body = <Alert>{errorText(organizations.error)}</Alert>;
  } else if (!organization) {
    body = (
      <Alert
        title={codeText('ORGANIZATION_NOT_FOUND')}
        actions={
          <Link to={dashboardPath(null)} className={buttonClass('secondary', 'mt-3')}>
            {t('organizations:summary.backToPersonal')}
          </Link>
        }
      >
        {t('organizations:summary.notFound')}
      </Alert>
    );
  } else {
    body = (
      <>
        <OrganizationSummary organization={organization} />
        <QrCodeGrid key={organization.id} organizationId={organization.id} canCreate={mayCreate} />
        <ScanHistoryTable key={`scans-${organization.id}`} organizationId={organization.id} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <title>{`${t('dashboard.title')} · CareCode`}</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('dashboard.title')}</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/analytics" className={buttonClass('secondary')}>
            <ChartIcon />
            {t('analytics:open')}
          </Link>
          {mayCreate && (
            <>
              <Link
                to={
                  organizationId
                    ? `/dashboard/bulk?org=${encodeURIComponent(organizationId)}`
                    : '/dashboard/bulk'
                }
                className={buttonClass('secondary')}
              >
                <UploadIcon />
                {t('bulk:bulk.open')}
              </Link>
              <CreateQrButton
                organizationId={organizationId ?? undefined}
                onCreated={(qr) => navigate(`/qr-data/${qr.id}`)}
              />
            </>
          )}
        </div>
      </div>
      <OrganizationSwitch
        organizations={organizations.data ?? []}
        currentId={organizationId}
        onCreated={(created) => navigate(dashboardPath(created.id))}
      />
      <VerifyEmailNotice />
      <DeviceAlertsControl />
      {body}
    </div>
  );
}
