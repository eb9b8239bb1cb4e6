import { emergencyNumbers } from '@carecode/domain/emergency-numbers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ErrorView, LoadingView } from '../../components/ui/loading-view.tsx';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { qrCodeQueryOptions } from '../../features/qr-codes/api/get-qr-code.ts';
import { EmergencyNumbersList } from '../../components/emergency-numbers-list.tsx';
import { QrDetailsView } from '../../features/qr-codes/components/qr-details-view.tsx';
import { ReportAbuseLine } from '../../features/qr-codes/components/report-abuse-line.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useSignIn } from '../../lib/sign-in.ts';

function PreviewContent({ id }: { id: string }) {
  const { errorText } = useErrorText();
  const { t } = useTranslation('qr-codes');
  const { data: qr, error, isPending } = useQuery(qrCodeQueryOptions(id));
  if (isPending) return <LoadingView />;
  if (error) return <ErrorView message={errorText(error, t('detail.loadError'))} />;
  if (!qr) return <p className="py-12 text-center text-slate-600">{t('detail.noData')}</p>;
  return (
    <>
      {!qr.public && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('preview.privateNote')}
        </p>
      )}
      <QrDetailsView type={qr.type} details={qr.details} showEdit={false} />
    </>
  );
}

/**
 * /preview/qr-data/{id}: the details read-only, as a scanner sees them, with India's emergency
 * numbers and a line for reporting abuse. The QR is fetched with the owner's token (spec §7).
 */
export function Component() {
  const { t } = useTranslation('qr-codes');
  const { id = '' } = useParams();
  const location = useLocation();
  const auth = useAuth();
  const { signIn } = useSignIn();

  let content;
  if (auth.isLoading) {
    content = <LoadingView hint={false} />;
  } else if (!auth.isAuthenticated) {
    content = (
      <section
        aria-labelledby="preview-signed-out"
        className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
      >
        <h2 id="preview-signed-out" className="text-lg font-bold text-slate-900">
          {t('preview.signedOutTitle')}
        </h2>
        <p className="mt-2 text-slate-600">{t('preview.signedOutText')}</p>
        <Button className="mt-4" onClick={() => signIn(`${location.pathname}${location.search}`)}>
          {t('preview.signIn')}
        </Button>
      </section>
    );
  } else {
    content = <PreviewContent id={id} />;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6">
      <title>{`${t('preview.pageTitle')} · CareCode`}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('preview.title')}</h1>
        <p className="mt-1 text-slate-600">{t('preview.intro')}</p>
      </div>
      {content}
      <EmergencyNumbersList numbers={emergencyNumbers} />
      <ReportAbuseLine email={runtimeConfig.supportEmail} />
    </div>
  );
}
