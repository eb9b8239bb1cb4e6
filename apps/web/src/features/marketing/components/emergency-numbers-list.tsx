import { emergencyNumbers, type EmergencyNumber } from '@carecode/domain/emergency-numbers';
import { useTranslation } from 'react-i18next';
import { PhoneIcon, SirenIcon } from '../../../components/ui/icons.tsx';
import { EmailText } from './email-text.tsx';

/** India's emergency numbers as tap-to-call links (all nine unless a shorter list is passed). */
export function EmergencyNumbersList({
  numbers = emergencyNumbers,
  headingLevel = 2,
}: {
  numbers?: readonly EmergencyNumber[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('marketing');
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby="emergency-numbers-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <Heading
        id="emergency-numbers-heading"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <SirenIcon className="text-brand-700" size={22} />
        {t('emergency.heading')}
      </Heading>
      <ul className="mt-4 grid grid-cols-2 gap-2 lg:grid-cols-3">
        {numbers.map(({ number, key }) => {
          const label = t(`emergency.numbers.${key}`);
          return (
            <li key={number}>
              <a
                href={`tel:${number}`}
                aria-label={t('emergency.call', { number, label })}
                className="flex h-full min-h-14 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 transition-colors hover:border-brand-700 hover:bg-brand-50"
              >
                <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 min-[400px]:flex">
                  <PhoneIcon size={18} />
                </span>
                <span className="flex flex-col leading-tight">
                  <span className="text-lg font-bold tabular-nums text-slate-900">{number}</span>
                  <span className="text-sm text-slate-600">{label}</span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The support line for reporting misuse (spec §2 preview and scan pages). */
export function SupportLine({ email }: { email: string }) {
  const { t } = useTranslation('marketing');
  return (
    <p className="text-center text-sm text-slate-600">
      <EmailText email={email} render={(mark) => t('emergency.support', { email: mark })} />
    </p>
  );
}
