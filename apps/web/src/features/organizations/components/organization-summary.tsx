import { canManage, type Organization } from '@carecode/domain/organizations/organization.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RoleBadge } from './role-badge.tsx';

/** The organisation shown on the dashboard: its name, the user's role, counts and its page. */
export function OrganizationSummary({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  return (
    <section
      aria-labelledby="organization-summary-name"
      className="space-y-2 rounded-2xl border border-brand-100 bg-brand-50 p-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2
          id="organization-summary-name"
          className="min-w-0 break-words text-xl font-bold text-slate-900"
        >
          {organization.name}
        </h2>
        <span className="inline-flex items-center gap-1 text-sm text-slate-700">
          {t('summary.yourRole')}: <RoleBadge role={organization.role} />
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {t('summary.counts', {
          members: t('summary.members', { count: organization.memberCount }),
          codes: t('summary.codes', { count: organization.qrCount }),
        })}
      </p>
      {!canManage(organization.role) && (
        <p role="note" className="text-sm text-slate-700">
          {t('summary.readOnly')}
        </p>
      )}
      <Link
        to={`/organizations/${encodeURIComponent(organization.id)}`}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
      >
        {t('summary.openPage')}
      </Link>
    </section>
  );
}
