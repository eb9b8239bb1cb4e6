import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { useCases, type UseCase } from '../use-cases.ts';
import { UseCaseIcon } from './use-case-icon.tsx';

/** Cards linking to the use-case pages (spec §2 Home). */
export function UseCaseCards({
  items = useCases,
  headingLevel = 3,
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  items?: readonly UseCase[];
  headingLevel?: 2 | 3;
  columns?: string;
}) {
  const { t } = useTranslation('marketing');
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={`grid gap-4 ${columns}`}>
      {items.map(({ slug, key }) => (
        <li key={slug}>
          <Link
            to={`/usecases/${slug}`}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-700/40 hover:shadow-md"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <UseCaseIcon slug={slug} />
            </span>
            <Heading className="mt-4 text-lg font-semibold text-slate-900">
              {t(`useCases.${key}.cardTitle`)}
            </Heading>
            <p className="mt-1 flex-1 text-slate-600">{t(`useCases.${key}.cardText`)}</p>
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
              {t('home.useCases.learnMore')}
              <span className="sr-only">: {t(`useCases.${key}.cardTitle`)}</span>
              <ArrowRightIcon size={16} className="transition group-hover:translate-x-0.5" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
