import { useTranslation } from 'react-i18next';
import { UseCaseCards } from '../use-case-cards.tsx';

/** The five uses, each a card to its page. */
export function UseCasesSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="use-cases-heading" className="mx-auto max-w-6xl px-4 py-16">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="use-cases-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {t('home.useCases.heading')}
        </h2>
        <p className="mt-3 text-slate-600">{t('home.useCases.subheading')}</p>
      </div>
      <div className="mt-10">
        <UseCaseCards />
      </div>
    </section>
  );
}
