import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import {
  DropletIcon,
  HeartPulseIcon,
  InfoIcon,
  PhoneIcon,
  SchoolIcon,
} from '../../../components/ui/icons.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { useSignIn } from '../../../lib/sign-in.ts';
import { EmergencyNumbersList } from '../../../components/emergency-numbers-list.tsx';
import { SupportLine } from './support-line.tsx';
import { PageMeta } from './page-meta.tsx';
import { DetailRow } from '../../../components/ui/detail-row.tsx';

/** Sample phone numbers: shown as text, never as call links, so nobody dials a stranger. */
const SAMPLE_PARENT_PHONE = '98765 43210';
const SAMPLE_EMERGENCY_PHONE = '91234 56780';
const SAMPLE_BLOOD_GROUP = 'B+';

/**
 * The child-safety demo (spec §2 Static pages): what a scanner sees on a public child-safety
 * code, with sample data and all nine India emergency numbers as tap-to-call links.
 */
export function DemoPage({ id }: { id: string }) {
  const { t } = useTranslation('marketing');
  const { isSignedIn, signIn } = useSignIn();
  const sample = (key: string) => t(`demo.sample.${key}`);

  return (
    <>
      <PageMeta
        title={t('meta.demo.title')}
        description={t('meta.demo.description')}
        path={`/demo/${id}`}
      />
      <div className="mx-auto max-w-2xl space-y-5 px-4 py-8">
        <p
          role="note"
          className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <InfoIcon size={18} className="mt-0.5" />
          {t('demo.sampleNotice')}
        </p>

        <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <span className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            {t('demo.badge')}
          </span>
          <p className="mt-3 text-sm font-medium text-slate-600">{t('demo.childName')}</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {sample('childName')}
          </h1>
          <p className="mt-2 flex items-center gap-2 text-slate-700">
            <SchoolIcon size={18} className="text-slate-500" />
            <span className="sr-only">{t('demo.schoolName')}: </span>
            {sample('schoolName')}
          </p>
          <div className="mt-4 rounded-xl bg-brand-700 p-4 text-white">
            <p className="font-semibold">{t('demo.heading')}</p>
            <p className="mt-1 text-sm text-red-50">{t('demo.subheading')}</p>
          </div>
        </header>

        <DetailsCard icon={<PhoneIcon size={20} />} title={t('demo.contacts')}>
          <ContactDetail
            label={t('demo.parentContact')}
            name={sample('parentName')}
            phone={SAMPLE_PARENT_PHONE}
          />
          <ContactDetail
            label={t('demo.emergencyContact')}
            name={sample('emergencyName')}
            phone={SAMPLE_EMERGENCY_PHONE}
          />
        </DetailsCard>

        <DetailsCard icon={<HeartPulseIcon size={20} />} title={t('demo.medicalDetails')}>
          <Detail
            label={t('demo.bloodGroup')}
            value={
              <span className="inline-flex items-center gap-1">
                <DropletIcon size={16} className="text-brand-700" />
                {SAMPLE_BLOOD_GROUP}
              </span>
            }
          />
          <Detail label={t('demo.allergies')} value={sample('allergies')} />
          <Detail label={t('demo.medicalHistory')} value={sample('medicalHistory')} />
          <Detail label={t('demo.currentMedications')} value={sample('currentMedications')} />
        </DetailsCard>

        <EmergencyNumbersList />
        <SupportLine email={runtimeConfig.supportEmail} />

        <section
          aria-labelledby="demo-cta-heading"
          className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center"
        >
          <h2 id="demo-cta-heading" className="text-lg font-semibold text-slate-900">
            {t('demo.ctaHeading')}
          </h2>
          <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
            {isSignedIn ? (
              <Link to="/dashboard" className={buttonClass('primary')}>
                {t('demo.ctaDashboard')}
              </Link>
            ) : (
              <button
                type="button"
                onClick={() => signIn('/dashboard')}
                className={buttonClass('primary')}
              >
                {t('demo.ctaSignIn')}
              </button>
            )}
            <Link to="/usecases/child-safety" className={buttonClass('secondary')}>
              {t('demo.ctaLearn')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

function DetailsCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h2>
      <dl className="mt-4 divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DetailRow layout="stacked" label={label}>
      {value}
    </DetailRow>
  );
}

function ContactDetail({ label, name, phone }: { label: string; name: string; phone: string }) {
  return (
    <Detail
      label={label}
      value={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">{name}</span>
          <span className="inline-flex items-center gap-1 text-slate-700 tabular-nums">
            <PhoneIcon size={16} className="text-slate-500" />
            {phone}
          </span>
        </span>
      }
    />
  );
}
