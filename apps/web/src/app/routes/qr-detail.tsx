import { qrDisplayName } from '@carecode/domain/qr-codes/qr-code.schema';
import { brandingOfOrganization } from '@carecode/domain/organizations/branding';
import { canManage } from '@carecode/domain/organizations/organization.schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { GuardiansCard } from '../../features/alerts/components/guardians-card.tsx';
import { QrAlertPreferencesCard } from '../../features/alerts/components/qr-alert-preferences-card.tsx';
import { QrDesigner } from '../../features/designer/components/qr-designer-lazy.tsx';
import { organizationsQueryOptions } from '../../features/organizations/api/get-organizations.ts';
import { RoleBadge } from '../../features/organizations/components/role-badge.tsx';
import { dashboardPath } from '../../features/organizations/components/organization-switch.tsx';
import { qrCodeQueryOptions } from '../../features/qr-codes/api/get-qr-code.ts';
import { ConversationsCard } from '../../features/scans/components/conversations-card.tsx';
import { HideNumbersCard } from '../../features/qr-codes/components/hide-numbers-card.tsx';
import { DeleteQrButton } from '../../features/qr-codes/components/delete-qr-button.tsx';
import { LostModeCard } from '../../features/qr-codes/components/lost-mode-card.tsx';
import { QrDetailsView } from '../../features/qr-codes/components/qr-details-view.tsx';
import { QrPanel } from '../../features/qr-codes/components/qr-panel.tsx';
import { QrTypeIcon } from '../../features/qr-codes/components/qr-type-icon.tsx';
import { StatusBadge } from '../../features/qr-codes/components/status-badge.tsx';
import { UpdateQrDialog } from '../../features/qr-codes/components/update-qr-dialog.tsx';
import { ScanHistoryTable } from '../../features/scans/components/scan-history-table.tsx';
import { ScanQuotaNotice } from '../../features/scans/components/scan-quota-notice.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { qrOrganizationIdOf, qrRoleOf } from '../../lib/qr-access.ts';

/**
 * /qr-data/{id}: the QR's details, its code and scan badge (spec §2 QR detail), lost mode, its
 * guardians and alert channels, and its scan history. A member of the code's organisation only
 * reads it: details, the designer and print, and the scans, without the controls that change it.
 */
export function Component() {
  const { errorText } = useErrorText();
  const { t } = useTranslation(['qr-codes', 'organizations']);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: qr, error, isPending } = useQuery(qrCodeQueryOptions(id));
  const [isEditing, setEditing] = useState(false);
  const organizationId = qr ? qrOrganizationIdOf(qr) : null;
  const organizations = useQuery({
    ...organizationsQueryOptions(),
    enabled: organizationId !== null,
  });
  const organization = organizationId
    ? organizations.data?.find((item) => item.id === organizationId)
    : undefined;
  const errorMessage = error ? errorText(error, t('detail.loadError')) : '';

  useEffect(() => {
    if (errorMessage) toast.error(errorMessage, { id: `qr-load-${id}` });
  }, [errorMessage, id]);

  let content;
  if (isPending) {
    content = <LoadingView />;
  } else if (error) {
    content = (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage}
      </div>
    );
  } else if (!qr) {
    content = <p className="py-12 text-center text-slate-600">{t('detail.noData')}</p>;
  } else {
    const kind = t(`types.${qr.type}.label`);
    const name = qrDisplayName(qr.type, qr.details);
    const role = qrRoleOf(qr);
    const mayChange = canManage(role);
    // Finders' messages answer the code's owner only (an organisation's codes are its owner's);
    // lost mode, guardians and per-code alert channels also its admins.
    const isCodeOwner = role === 'owner';
    content = (
      <>
        <div className="flex flex-wrap items-center gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
            <QrTypeIcon type={qr.type} />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{kind}</p>
            <h1 className="break-words text-2xl font-bold text-slate-900">{name || kind}</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={qr.status} variant="detail" />
            <Badge tone="slate">
              {qr.public ? t('visibility.public') : t('visibility.private')}
            </Badge>
            {qr.lost && <Badge tone="red">{t('lost.badge')}</Badge>}
          </div>
        </div>
        {organizationId && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Link
              to={`/organizations/${encodeURIComponent(organizationId)}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {organization?.name ?? t('organizations:page.pageTitle')}
            </Link>
            <span>
              {t('organizations:summary.yourRole')}: <RoleBadge role={role} />
            </span>
          </p>
        )}
        {!mayChange && (
          <p role="note" className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
            {t('organizations:summary.readOnly')}
          </p>
        )}
        {/* First on a phone too: reporting a loss is the urgent thing on this page. */}
        {mayChange && <LostModeCard qr={qr} />}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-3">
            {qr.beyondPlanLimit && (
              <p
                role="note"
                className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                {t('planLimit.locked')}{' '}
                <Link to="/pricing" className="font-semibold underline">
                  {t('dashboard.viewPlans')}
                </Link>
              </p>
            )}
            <QrDetailsView
              type={qr.type}
              details={qr.details}
              onEdit={() => setEditing(true)}
              showEdit={mayChange && !qr.beyondPlanLimit}
            />
          </div>
          <QrPanel qr={qr}>
            {/* qr-designer */}
            <QrDesigner
              qrId={qr.id}
              type={qr.type}
              details={qr.details}
              // An organisation's code: its logo, name and checked colour head the card.
              branding={organization ? brandingOfOrganization(organization) : null}
            />
          </QrPanel>
        </div>
        <div className="grid items-start gap-6 md:grid-cols-2">
          {isCodeOwner && <ConversationsCard qrId={qr.id} />}
          {mayChange && <HideNumbersCard qr={qr} />}
        </div>
        {mayChange && (
          <div className="grid items-start gap-6 md:grid-cols-2">
            <GuardiansCard qrId={qr.id} />
            <QrAlertPreferencesCard qrId={qr.id} />
          </div>
        )}
        {/* qr-scan-history */}
        <ScanQuotaNotice qr={qr} />
        <ScanHistoryTable qrId={qr.id} />
        {mayChange && (
          <section
            aria-labelledby="delete-qr-title"
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="delete-qr-title" className="font-semibold text-slate-900">
                {t('delete.heading')}
              </h2>
              <p className="text-sm text-slate-600">{t('delete.hint')}</p>
            </div>
            <DeleteQrButton
              qrId={qr.id}
              onDeleted={() => navigate(dashboardPath(organizationId))}
            />
          </section>
        )}
        {mayChange && <UpdateQrDialog qr={qr} open={isEditing} onClose={() => setEditing(false)} />}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <title>{`${t('detail.pageTitle')} · CareCode`}</title>
      <Link
        to={dashboardPath(organizationId)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
      >
        <span aria-hidden="true">←</span> {t('detail.back')}
      </Link>
      {content}
    </div>
  );
}
