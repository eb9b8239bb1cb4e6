import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import {
  ArrowRightIcon,
  CheckIcon,
  ClockIcon,
  DropletIcon,
  LockIcon,
  PhoneIcon,
  SchoolIcon,
  ShieldCheckIcon,
} from '../../../components/ui/icons.tsx';
import { useSignIn } from '../../../lib/sign-in.ts';
import { DEMO_ID } from '../use-cases.ts';
import { PageMeta } from './page-meta.tsx';
import { UseCaseCards } from './use-case-cards.tsx';

// The QR renderer and the avatar drawings are the heavy parts: they load after the first paint.
const DemoQr = lazy(() => import('./demo-qr.tsx'));
const Testimonials = lazy(() => import('./testimonials.tsx'));

/** Splits "One code. Complete care." after its first sentence, to colour the second part. */
function splitTagline(tagline: string): [string, string] {
  const match = tagline.match(/^(.+?[.।])\s+(.+)$/);
  return match ? [match[1], match[2]] : [tagline, ''];
}

export function HomePage() {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { isSignedIn, signIn } = useSignIn();
  const [taglineStart, taglineEnd] = splitTagline(tc('tagline'));

  return (
    <>
      <PageMeta title={t('meta.home.title')} description={t('meta.home.description')} path="/" />

      <section className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 md:grid-cols-[1.15fr_0.85fr] md:py-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              <ShieldCheckIcon size={16} />
              {t('home.hero.eyebrow')}
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              {taglineStart} <span className="text-brand-700">{taglineEnd}</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
              {t('home.hero.subtitle')}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {isSignedIn ? (
                <Link to="/dashboard" className={buttonClass('primary', 'px-6 text-base')}>
                  {t('home.hero.dashboard')}
                  <ArrowRightIcon size={18} />
                </Link>
              ) : (
                <button
                  type="button"
                  onClick={() => signIn('/dashboard')}
                  className={buttonClass('primary', 'px-6 text-base')}
                >
                  {t('home.hero.signIn')}
                  <ArrowRightIcon size={18} />
                </button>
              )}
              <Link to={`/demo/${DEMO_ID}`} className={buttonClass('secondary', 'px-6 text-base')}>
                {t('home.hero.demo')}
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
              {(['pointFree', 'pointNoApp', 'pointPrivate'] as const).map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CheckIcon size={18} className="text-emerald-700" />
                  {t(`home.hero.${point}`)}
                </li>
              ))}
            </ul>
          </div>
          <ScanPreview />
        </div>
      </section>

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
                      <span className="sr-only">
                        {t('home.steps.stepLabel', { number: step })}:{' '}
                      </span>
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

      <section aria-labelledby="privacy-heading" className="mx-auto max-w-6xl px-4 pt-16">
        <div className="rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10">
          <h2 id="privacy-heading" className="text-2xl font-bold tracking-tight">
            {t('home.privacy.heading')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {(
              [
                ['noAds', ShieldCheckIcon],
                ['yourChoice', LockIcon],
                ['shortLinks', ClockIcon],
              ] as const
            ).map(([key, Icon]) => (
              <li key={key} className="flex gap-3">
                <Icon className="mt-0.5 text-red-300" />
                <span className="text-slate-200">{t(`home.privacy.${key}`)}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/privacy"
            className="mt-8 inline-flex items-center gap-1 font-semibold text-white underline underline-offset-4"
          >
            {t('home.privacy.readPolicy')}
            <ArrowRightIcon size={16} />
          </Link>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2
          id="testimonials-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          {t('home.testimonials.heading')}
        </h2>
        <div className="mt-10">
          <Suspense fallback={<div className="min-h-64" />}>
            <Testimonials />
          </Suspense>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4">
        <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
            {t('home.cta.heading')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-red-50">{t('home.cta.text')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {isSignedIn ? (
              <Link to="/dashboard" className={ctaButtonClass}>
                {t('home.cta.dashboard')}
              </Link>
            ) : (
              <button type="button" onClick={() => signIn('/dashboard')} className={ctaButtonClass}>
                {t('home.cta.signIn')}
              </button>
            )}
            <Link
              to="/pricing"
              className="inline-flex min-h-11 items-center justify-center rounded-lg px-6 py-2 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
            >
              {t('home.cta.pricing')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

const ctaButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-6 py-2 font-semibold text-brand-800 shadow-sm hover:bg-red-50';

/** An illustration of the page a scanner sees: decorative, the demo shows the real thing. */
function ScanPreview() {
  const { t } = useTranslation('marketing');
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xs select-none">
      <div className="absolute -inset-6 -z-0 rounded-[3rem] bg-brand-100/60 blur-2xl" />
      <div className="relative rounded-[2.25rem] border-8 border-slate-900 bg-white p-4 shadow-2xl">
        <div className="mx-auto mb-3 h-1.5 w-16 rounded-full bg-slate-200" />
        <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {t('home.hero.previewBadge')}
        </span>
        <p className="mt-2 text-xl font-bold text-slate-900">{t('home.hero.previewName')}</p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <SchoolIcon size={16} /> {t('home.hero.previewSchool')}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <DropletIcon size={16} /> {t('home.hero.previewBlood')}: B+
        </p>
        <div className="mt-4 flex items-center justify-center gap-2 rounded-xl bg-brand-700 py-3 text-sm font-semibold text-white">
          <PhoneIcon size={16} /> {t('home.hero.previewContact')}
        </div>
        <p className="mt-4 text-xs font-semibold text-slate-500 uppercase">
          {t('home.hero.previewEmergency')}
        </p>
        <div className="mt-2 grid grid-cols-3 gap-2 text-center text-sm font-bold text-slate-800">
          {['112', '108', '1098'].map((number) => (
            <span key={number} className="rounded-lg border border-slate-200 py-2">
              {number}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
