import { useTranslation } from 'react-i18next';

// Kept light on purpose: the scan page may import this file.

/** The support contact line for reporting abuse of a QR code. */
export function ReportAbuseLine({ email }: { email: string }) {
  const { t } = useTranslation('qr-codes');
  return (
    <p className="text-sm text-slate-600">
      {t('preview.reportAbuse')}{' '}
      <a href={`mailto:${email}`} className="font-semibold text-blue-700 underline">
        {email}
      </a>
      . {t('preview.supportHours')}
    </p>
  );
}
