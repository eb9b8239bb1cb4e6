import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { ChartIcon, UploadIcon } from '../../components/ui/icons.tsx';
import { VerifyEmailNotice } from '../../features/account/components/verify-email-notice.tsx';
import { DeviceAlertsControl } from '../../features/alerts/components/device-alerts-control.tsx';
import { CreateQrButton } from '../../features/qr-codes/components/create-qr-dialog.tsx';
import { FreePlanBanner } from '../../features/qr-codes/components/free-plan-banner.tsx';
import { PlanLimitNotice } from '../../features/qr-codes/components/plan-limit-notice.tsx';
import { QrCodeGrid } from '../../features/qr-codes/components/qr-code-grid.tsx';
import { ScanHistoryTable } from '../../features/scans/components/scan-history-table.tsx';
import { useCurrentPlan } from '../../lib/current-user.ts';

/** /dashboard: 'My QR Dashboard' (spec §2). */
export function Component() {
  const { t } = useTranslation(['qr-codes', 'bulk', 'analytics']);
  const navigate = useNavigate();
  const plan = useCurrentPlan();

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
          <Link to="/dashboard/bulk" className={buttonClass('secondary')}>
            <UploadIcon />
            {t('bulk:bulk.open')}
          </Link>
          <CreateQrButton onCreated={(qr) => navigate(`/qr-data/${qr.id}`)} />
        </div>
      </div>
      <VerifyEmailNotice />
      <DeviceAlertsControl />
      <PlanLimitNotice />
      {plan === 'FREE' && <FreePlanBanner />}
      <QrCodeGrid />
      {/* scan-history */}
      <ScanHistoryTable />
    </div>
  );
}
