import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignIn } from '../../../../lib/sign-in.ts';

const ctaButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-6 py-2 font-semibold text-brand-800 shadow-sm hover:bg-red-50';

/** The closing call to make a free code. */
export function CtaSection() {
  const { t } = useTranslation('marketing');
  const { isSignedIn, signIn } = useSignIn();
  return (
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
  );
}
