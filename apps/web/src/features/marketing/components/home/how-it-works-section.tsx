import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The QR renderer is heavy: it loads after the first paint.
const DemoQr = lazy(() => import('../demo-qr.tsx'));

/** How it works, in three steps. */
export function HowItWorksSection() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 lg:grid-cols-[1fr_20rem] lg:items-center">
        <div>
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('home.steps.heading')}
          </h2>
          <p className="mt-3 text-slate-600">{t('home.steps.subheading')}</p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {([1, 2, 3] as const).map((step) => (
              <li key={step} className="flex gap-4 md:flex-col lg:flex-row xl:flex-col">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {step}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">
                    <span className="sr-only">{t('home.steps.stepLabel', { number: step })}: </span>
                    {t(`home.steps.step${step}Title`)}
                  </h3>
                  <p className="mt-1 text-slate-600">{t(`home.steps.step${step}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className="rounded-3xl border border-slate-200 bg-slate-50 p-6 text-center">
          <h3 className="text-lg font-semibold text-slate-900">{t('home.steps.demoHeading')}</h3>
          <p className="mt-1 text-sm text-slate-600">{t('home.steps.demoText')}</p>
          <div className="mt-5 flex min-h-60 items-start justify-center">
            <Suspense
              fallback={<div className="h-48 w-48 rounded-2xl bg-white ring-1 ring-slate-200" />}
            >
              <DemoQr />
            </Suspense>
          </div>
        </div>
      </div>
    </section>
  );
}
