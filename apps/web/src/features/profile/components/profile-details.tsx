import { bloodGroupLabels } from '@carecode/domain/qr-codes/blood-group-labels';
import type { Profile } from '@carecode/domain/users/user.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartPulseIcon, PhoneIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { DetailRow } from '../../../components/ui/detail-row.tsx';

/** 'A+' … 'O-' as they are; DONT_KNOW in the user's language. */
export function useBloodGroupLabel() {
  const { t } = useTranslation('profile');
  return (group: Profile['bloodGroup']) =>
    !group ? '' : group === 'DONT_KNOW' ? t('medical.dontKnow') : bloodGroupLabels[group];
}

function Empty({ children }: { children: ReactNode }) {
  return <span className="text-slate-500 italic">{children}</span>;
}

export function DetailsCard({
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
      {children}
    </section>
  );
}

/**
 * The profile in view mode (spec §3): an empty value reads 'Not specified', empty allergies
 * 'None specified'. The e-mail shows only on the owner's page; `callLinks` makes the
 * emergency phone tap-to-call (the public page).
 */
export function ProfileDetails({
  profile,
  email,
  showEmail = false,
  callLinks = false,
}: {
  profile: Profile;
  email?: string | null;
  showEmail?: boolean;
  callLinks?: boolean;
}) {
  const { t } = useTranslation('profile');
  const bloodGroupLabel = useBloodGroupLabel();
  const notSpecified = <Empty>{t('notSpecified')}</Empty>;
  const value = (text: string | null | undefined) => (text ? text : notSpecified);
  const contact = profile.emergencyContact;
  const phone = contact?.phoneNumber;

  return (
    <div className="space-y-5">
      <DetailsCard icon={<UserIcon size={20} />} title={t('personal.heading')}>
        <dl className="mt-3 divide-y divide-slate-100">
          <DetailRow layout="stacked" label={t('personal.name')}>
            {value(profile.name)}
          </DetailRow>
          <DetailRow layout="stacked" label={t('personal.fullName')}>
            {value(profile.fullName)}
          </DetailRow>
          {showEmail && (
            <DetailRow layout="stacked" label={t('personal.email')}>
              {value(email)}
            </DetailRow>
          )}
        </dl>
      </DetailsCard>
      <DetailsCard icon={<HeartPulseIcon size={20} />} title={t('medical.heading')}>
        <dl className="mt-3 divide-y divide-slate-100">
          <DetailRow layout="stacked" label={t('medical.bloodGroup')}>
            {profile.bloodGroup ? (
              <span className="font-semibold">{bloodGroupLabel(profile.bloodGroup)}</span>
            ) : (
              notSpecified
            )}
          </DetailRow>
          <DetailRow layout="stacked" label={t('medical.allergies')}>
            {profile.allergies ? profile.allergies : <Empty>{t('noneSpecified')}</Empty>}
          </DetailRow>
          <DetailRow layout="stacked" label={t('medical.emergencyContact')}>
            {contact?.name || phone ? (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {contact?.name && <span className="font-medium">{contact.name}</span>}
                {phone &&
                  (callLinks ? (
                    <a
                      href={`tel:${phone}`}
                      aria-label={t('public.call', { name: contact?.name || phone, phone })}
                      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-brand-700 px-3 font-semibold text-white tabular-nums hover:bg-brand-800"
                    >
                      <PhoneIcon size={16} />
                      {phone}
                    </a>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-slate-700 tabular-nums">
                      <PhoneIcon size={16} className="text-slate-500" />
                      {phone}
                    </span>
                  ))}
              </span>
            ) : (
              notSpecified
            )}
          </DetailRow>
        </dl>
      </DetailsCard>
    </div>
  );
}
