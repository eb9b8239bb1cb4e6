import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import {
  ArrowRightIcon,
  CheckIcon,
  DropletIcon,
  PhoneIcon,
  SchoolIcon,
  ShieldCheckIcon,
} from '../../../../components/ui/icons.tsx';
import { useSignIn } from '../../../../lib/sign-in.ts';
import { DEMO_ID } from '../../use-cases.ts';

/** Splits "One code. Complete care." after its first sentence, to colour the second part. */
function splitTagline(tagline: string): [string, string] {
  const match = tagline.match(/^(.+?[.।])\s+(.+)$/);
  return match ? [match[1], match[2]] : [tagline, ''];
}

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

/** The first screen: the tagline, what CareCode does, the way in, and a picture of a scan. */
export function HeroSection() {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const { isSignedIn, signIn } = useSignIn();
  const [taglineStart, taglineEnd] = splitTagline(tc('tagline'));
  return (
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
  );
}
