import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ArrowRightIcon, CheckIcon, ScanIcon } from '../../../components/ui/icons.tsx';
import { useSignIn } from '../../../lib/sign-in.ts';
import { DEMO_ID, useCases, type UseCase } from '../use-cases.ts';
import { PageMeta } from './page-meta.tsx';
import { UseCaseCards } from './use-case-cards.tsx';
import { UseCaseIcon } from './use-case-icon.tsx';

const points = ['1', '2', '3'] as const;

/** A use-case marketing page: what the code does, what the scanner sees, and a call to sign in. */
export function UseCasePage({ useCase }: { useCase: UseCase }) {
  const { t } = useTranslation('marketing');
  const { slug, key } = useCase;
  const text = (name: string) => t(`useCases.${key}.${name}`);
  const others = useCases.filter((other) => other.slug !== slug);

  return (
    <>
      <PageMeta
        title={text('metaTitle')}
        description={text('metaDescription')}
        path={`/usecases/${slug}`}
      />

      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:py-16">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
            <UseCaseIcon slug={slug} size={28} />
          </span>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {text('title')}
          </h1>
          <p className="mt-4 text-xl font-medium text-balance text-brand-800">{text('tagline')}</p>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-600">
            {text('intro')}
          </p>
          <CallToAction className="mt-8 justify-center" />
        </div>
      </section>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-2">
        <section
          aria-labelledby="does-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="does-heading" className="text-xl font-semibold text-slate-900">
            {t('useCases.common.whatItDoes')}
          </h2>
          <ul className="mt-4 space-y-3">
            {points.map((n) => (
              <li key={n} className="flex gap-3 text-slate-700">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                  <CheckIcon size={16} />
                </span>
                {text(`does${n}`)}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="sees-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="sees-heading" className="text-xl font-semibold text-slate-900">
            {t('useCases.common.whatScannerSees')}
          </h2>
          <ul className="mt-4 space-y-3">
            {points.map((n) => (
              <li key={n} className="flex gap-3 text-slate-700">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <ScanIcon size={16} />
                </span>
                {text(`sees${n}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="where-heading" className="md:col-span-2">
          <h2 id="where-heading" className="text-xl font-semibold text-slate-900">
            {t('useCases.common.whereToUse')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {points.map((n) => (
              <li
                key={n}
                className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700"
              >
                {text(`where${n}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-5xl px-4">
        <div className="rounded-3xl bg-brand-700 px-6 py-10 text-center text-white sm:px-10">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('useCases.common.ctaHeading')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-red-50">{t('useCases.common.ctaText')}</p>
          <CallToAction className="mt-6 justify-center" onBrand />
        </div>
      </section>

      <section aria-labelledby="others-heading" className="mx-auto max-w-5xl px-4 pt-14">
        <h2 id="others-heading" className="text-xl font-semibold text-slate-900">
          {t('useCases.common.otherUseCases')}
        </h2>
        <div className="mt-5">
          <UseCaseCards items={others} columns="sm:grid-cols-2 lg:grid-cols-4" />
        </div>
      </section>
    </>
  );
}

/** 'Log in and create a free QR' when signed out; straight to the dashboard when signed in. */
function CallToAction({
  className = '',
  onBrand = false,
}: {
  className?: string;
  onBrand?: boolean;
}) {
  const { t } = useTranslation('marketing');
  const { isSignedIn, signIn } = useSignIn();
  const primary = onBrand
    ? 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-6 py-2 font-semibold text-brand-800 shadow-sm hover:bg-red-50'
    : buttonClass('primary', 'px-6 text-base');
  const secondary = onBrand
    ? 'inline-flex min-h-11 items-center justify-center rounded-lg px-6 py-2 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10'
    : buttonClass('secondary', 'px-6 text-base');
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      {isSignedIn ? (
        <Link to="/dashboard" className={primary}>
          {t('useCases.common.ctaDashboard')}
          <ArrowRightIcon size={18} />
        </Link>
      ) : (
        <button type="button" onClick={() => signIn('/dashboard')} className={primary}>
          {t('useCases.common.ctaSignIn')}
          <ArrowRightIcon size={18} />
        </button>
      )}
      <Link to={`/demo/${DEMO_ID}`} className={secondary}>
        {t('useCases.common.seeDemo')}
      </Link>
    </div>
  );
}
