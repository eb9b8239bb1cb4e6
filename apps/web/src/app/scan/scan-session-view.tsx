import { scanEmergencyNumbers } from '@carecode/domain/emergency-numbers';
import type { ScanSession } from '@carecode/domain/scans/scan.schema';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { EmergencyNumbersList } from '../../components/emergency-numbers-list.tsx';
import { QrDetailsView } from '../../features/qr-codes/components/qr-details-view.tsx';
import { ReportAbuseLine } from '../../features/qr-codes/components/report-abuse-line.tsx';
import FinderMessages from '../../features/scans/components/finder-messages.tsx';
import {
  HiddenNumberCall,
  type BridgeContact,
} from '../../features/scans/components/hidden-number-call.tsx';
import { LocationBanner } from '../../features/scans/components/location-banner.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { LostBanner } from './lost-banner.tsx';
import { OrganizationBand } from './organization-band.tsx';

// This page must work in an emergency on a poor network: it is served by its own small entry
// (scan.html) and imports no router, query, sign-in, dashboard, designer, payment, form or
// QR-drawing code. The app's route draws it too, from its query (scan-session-page.tsx).

export const SCAN_NAMESPACES = ['scans', 'qr-codes'] as const;

/** Where the session read stands. */
export type ScanSessionState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; session: ScanSession };

/** Past the scan calls' rate limit: when to try again, and a button that does. */
function BusyNotice({ seconds }: { seconds: number }) {
  const { t } = useTranslation([...SCAN_NAMESPACES]);
  return (
    <Alert
      tone="warning"
      title={t('scans:page.busyTitle')}
      actions={
        // A plain form asks for the page again without script; with script, a reload.
        <form method="get">
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              window.location.reload();
            }}
            className="mt-3 min-h-11 rounded-xl bg-red-700 px-5 font-bold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            {t('scans:page.tryAgain')}
          </button>
        </form>
      }
    >
      {t('scans:page.busy', { seconds })}
    </Alert>
  );
}

const retrySeconds = (error: ApiError) => {
  const seconds = Number(error.params?.seconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
};

/**
 * /scans/{scanId}: what a stranger sees after scanning a QR (spec §2 Scan session): the details
 * read-only with call and WhatsApp links, the location prompt, India's emergency numbers (without
 * 108) and the support line. Private or failed loads still show the emergency numbers. An item
 * reported lost leads the page with that.
 */
export function ScanSessionView({ state }: { state: ScanSessionState }) {
  const { t } = useTranslation([...SCAN_NAMESPACES]);
  const session = state.status === 'success' ? state.session : undefined;

  let content;
  if (state.status === 'pending') {
    content = <LoadingView />;
  } else if (state.status === 'error') {
    const error = state.error instanceof ApiError ? state.error : undefined;
    if (error?.status === 403) {
      content = (
        <Alert tone="warning" title={t('scans:page.privateTitle')}>
          {t('scans:page.private')}
        </Alert>
      );
    } else if (error?.status === 429) {
      content = <BusyNotice seconds={retrySeconds(error)} />;
    } else {
      content = <Alert tone="warning">{t('scans:page.loadFailed')}</Alert>;
    }
  } else {
    content = (
      <>
        {!state.session.quotaExceeded && <LocationBanner scanId={state.session.scanId} />}
        <QrDetailsView
          type={state.session.qr.type}
          details={state.session.qr.details}
          showEdit={false}
          contactLinks="tel+whatsapp"
          hiddenNumber={
            state.session.qr.hideNumbers
              ? ({ group, role }) => (
                  <HiddenNumberCall
                    scanId={state.session.scanId}
                    contact={group as BridgeContact}
                    role={role}
                  />
                )
              : undefined
          }
        />
        {/* Drawn by the server with the rest (a late block would become the page's largest
          paint); it sends and hears messages once hydrated, and is hidden without script. */}
        {state.session.qr.details && <FinderMessages scanId={state.session.scanId} />}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6">
      <title>{`${t('scans:page.pageTitle')} · CareCode`}</title>
      {session?.branding && <OrganizationBand branding={session.branding} />}
      {session?.qr.lost && <LostBanner lost={session.qr.lost} />}
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('scans:page.title')}</h1>
        {session && <p className="mt-1 text-slate-600">{t('scans:page.intro')}</p>}
      </div>
      {content}
      <EmergencyNumbersList numbers={scanEmergencyNumbers} />
      <ReportAbuseLine email={runtimeConfig.supportEmail} />
    </div>
  );
}
