import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The avatar drawings load after the first paint.
const Testimonials = lazy(() => import('../testimonials.tsx'));

/** What families say (loaded after the first paint). */
export function TestimonialsSection() {
  const { t } = useTranslation('marketing');
  return (
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
  );
}
