import type { Organization } from '@carecode/domain/organizations/organization.schema';
import { canCreateOrganization } from '@carecode/domain/organizations/organization.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPlan } from '../../../lib/current-user.ts';
import { CreateOrganizationButton } from './create-organization-dialog.tsx';

const pillClass = (isCurrent: boolean) =>
  `inline-flex min-h-11 max-w-full items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
    isCurrent
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
  }`;

/** The dashboard's address for the personal codes or an organisation's (`?org={id}`). */
export const dashboardPath = (organizationId?: string | null) =>
  organizationId ? `/dashboard?org=${encodeURIComponent(organizationId)}` : '/dashboard';

/**
 * 'Personal' and each organisation the user belongs to, as links (the choice lives in the URL);
 * a Business user can start a new organisation, other plans see where to get one.
 */
export function OrganizationSwitch({
  organizations,
  currentId,
  onCreated,
}: {
  organizations: Organization[];
  currentId: string | null;
  onCreated: (organization: Organization) => void;
}) {
  const { t } = useTranslation('organizations');
  const plan = useCurrentPlan();
  const canCreate = canCreateOrganization(plan);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {organizations.length > 0 && (
        <nav aria-label={t('switch.label')} className="min-w-0">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={dashboardPath(null)}
                className={pillClass(currentId === null)}
                aria-current={currentId === null ? 'page' : undefined}
              >
                {t('switch.personal')}
              </Link>
            </li>
            {organizations.map((organization) => (
              <li key={organization.id} className="min-w-0 max-w-full">
                <Link
                  to={dashboardPath(organization.id)}
                  className={pillClass(currentId === organization.id)}
                  aria-current={currentId === organization.id ? 'page' : undefined}
                >
                  <span className="truncate">{organization.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {canCreate ? (
        <div>
          <CreateOrganizationButton onCreated={onCreated} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {t('switch.businessOnly')}{' '}
          <Link to="/pricing" className="font-semibold text-brand-700 underline underline-offset-2">
            {t('switch.seePlans')}
          </Link>
        </p>
      )}
    </div>
  );
}
