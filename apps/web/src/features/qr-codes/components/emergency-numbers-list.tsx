import type { EmergencyNumber } from '@carecode/domain/emergency-numbers';
import { useTranslation } from 'react-i18next';

// Kept light on purpose: the scan page imports this file.

/** 'Emergency Numbers (India)', each a tap-to-call tel: link. */
export function EmergencyNumbersList({ numbers }: { numbers: readonly EmergencyNumber[] }) {
  const { t } = useTranslation('qr-codes');
  return (
    <section
      aria-labelledby="emergency-numbers-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5"
    >
      <h2 id="emergency-numbers-title" className="text-lg font-bold text-red-900">
        {t('emergency.title')}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 md:grid-cols-3">
        {numbers.map((entry) => {
          const service = t(`emergency.services.${entry.key}`);
          return (
            <li key={entry.number}>
              <a
                href={`tel:${entry.number}`}
                aria-label={t('emergency.callLabel', { number: entry.number, service })}
                className="flex min-h-11 items-center gap-3 rounded-xl bg-white px-3 py-2 shadow-sm ring-1 ring-red-200 hover:bg-red-100"
              >
                <span className="min-w-12 text-lg font-bold text-red-700">{entry.number}</span>
                <span className="text-sm font-medium text-slate-800">{service}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
