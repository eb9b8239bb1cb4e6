import type { QrAlertPreferences } from '@carecode/domain/alerts/alert.schema';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Switch } from '../../../components/ui/switch.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { qrAlertPreferencesQueryOptions } from '../api/get-qr-alert-preferences.ts';
import { useUpdateQrAlertPreferences } from '../api/update-qr-alert-preferences.ts';

/** 'Alerts for this QR code': push and e-mail switches, each saved as soon as it is flipped. */
export function QrAlertPreferencesCard({ qrId }: { qrId: string }) {
  const { t } = useTranslation('alerts');
  const { errorText } = useErrorText();
  const query = useQuery(qrAlertPreferencesQueryOptions(qrId));
  const update = useUpdateQrAlertPreferences(qrId);
  const titleId = useId();

  const change = (channel: keyof QrAlertPreferences) => (isOn: boolean) => {
    if (query.data) update.mutate({ ...query.data, [channel]: isOn });
  };
  const failure = query.error ?? update.error;

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={query.isPending || update.isPending}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('qr.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('qr.intro')}</p>
      <div className="flex flex-col items-start gap-1">
        <Switch
          checked={query.data?.push ?? false}
          disabled={!query.data || update.isPending}
          onCheckedChange={change('push')}
          label={t('qr.push')}
        />
        <Switch
          checked={query.data?.email ?? false}
          disabled={!query.data || update.isPending}
          onCheckedChange={change('email')}
          label={t('qr.email')}
        />
      </div>
      <p role="status" className="text-sm font-medium text-green-800">
        {update.isSuccess ? t('qr.saved') : ''}
      </p>
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorText(failure)}
        </p>
      )}
      <p className="text-sm text-slate-600">
        {t('qr.accountHint')}{' '}
        <Link to="/account" className="font-semibold text-brand-700 underline">
          {t('qr.accountLink')}
        </Link>
      </p>
    </section>
  );
}
