import { useTranslation } from 'react-i18next';
import { EmailText } from './email-text.tsx';

/** The support line for reporting misuse (spec §2 preview and scan pages). */
export function SupportLine({ email }: { email: string }) {
  const { t } = useTranslation('marketing');
  return (
    <p className="text-center text-sm text-slate-600">
      <EmailText email={email} render={(mark) => t('emergency.support', { email: mark })} />
    </p>
  );
}
