import {
  emergencyCallLabel,
  emergencyNumbers,
  emergencyTexts,
  type EmergencyNumber,
} from '@carecode/domain/emergency-numbers';
import { useTranslation } from 'react-i18next';

// Kept light on purpose: the scan page imports this file. Its texts are the domain's, the same
// the server's help pages print.

/**
 * 'Emergency Numbers (India)', each a tap-to-call tel: link (all nine unless a shorter list is
 * passed: the scan page leaves out 108).
 */
export function EmergencyNumbersList({
  numbers = emergencyNumbers,
  headingLevel = 2,
}: {
  numbers?: readonly EmergencyNumber[];
  headingLevel?: 2 | 3;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const texts = emergencyTexts[language];
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby="emergency-numbers-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5"
    >
      <Heading id="emergency-numbers-title" className="text-lg font-bold text-red-900">
        {texts.title}
      </Heading>
      <ul className="mt-3 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 md:grid-cols-3">
        {numbers.map((entry) => (
          <li key={entry.number}>
            <a
              href={`tel:${entry.number}`}
              aria-label={emergencyCallLabel(entry, language)}
              className="flex min-h-11 items-center gap-3 rounded-xl bg-white px-3 py-2 shadow-sm ring-1 ring-red-200 hover:bg-red-100"
            >
              <span className="min-w-12 text-lg font-bold text-red-700">{entry.number}</span>
              <span className="text-sm font-medium text-slate-800">
                {texts.services[entry.key]}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
