import type { OrganizationDetail } from '@carecode/domain/organizations/organization.schema';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { useOrganizationDates } from '../lib/format.ts';

/** The invitations not yet accepted (admins): address, role, until when, and 'Withdraw'. */
export function InvitationsList({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const { errorText } = useErrorText();
  const { formatDay } = useOrganizationDates();
  const id = useId();
  const revoke = useRevokeInvitation(organization.id);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('invitations.heading')}
      </h2>
      {organization.invitations.length === 0 ? (
        <p className="text-sm text-slate-600">{t('invitations.empty')}</p>
      ) : (
        <ul aria-labelledby={`${id}-heading`} className="divide-y divide-slate-100">
          {organization.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">{invitation.email}</p>
                <p className="text-sm text-slate-600">
                  {t('invitations.expires', {
                    role: t(`roles.${invitation.role}`),
                    date: formatDay(invitation.expiresAt),
                  })}
                </p>
              </div>
              <Button
                variant="ghost"
                className="text-red-800"
                disabled={revoke.isPending && revoke.variables === invitation.id}
                aria-label={t('invitations.withdrawLabel', { email: invitation.email })}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () =>
                      toast.success(t('invitations.withdrawn', { email: invitation.email })),
                    onError: (error) => toast.error(errorText(error)),
                  })
                }
              >
                {t('invitations.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
