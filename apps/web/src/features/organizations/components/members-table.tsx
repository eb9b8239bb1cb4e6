import {
  canManage,
  invitableRoles,
  type InvitableRole,
  type OrganizationDetail,
  type OrganizationMember,
} from '@carecode/domain/organizations/organization.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMemberRole } from '../api/update-member-role.ts';
import { useOrganizationDates } from '../lib/format.ts';
import { RoleBadge } from './role-badge.tsx';

const selectClass =
  'min-h-11 w-full min-w-28 max-w-40 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

/**
 * The members: e-mail, role and when they joined. Admins change a member's role and remove
 * members (after asking); the owner's row stays as it is.
 */
export function MembersTable({
  organization,
  myUserId,
}: {
  organization: OrganizationDetail;
  /** The signed-in user's row, marked '(you)' and left to 'Leave organisation'. */
  myUserId: string | null;
}) {
  const { t } = useTranslation('organizations');
  const { errorText } = useErrorText();
  const { formatDay } = useOrganizationDates();
  const id = useId();
  const isAdmin = canManage(organization.role);
  const changeRole = useUpdateMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const emailOf = (member: OrganizationMember) => member.email ?? t('members.noEmail');

  const setRole = (member: OrganizationMember, role: InvitableRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.success(
            t('members.roleChanged', { email: emailOf(member), role: t(`roleWords.${role}`) }),
          ),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    setRemoving(null);
    remove.mutate(member.userId, {
      onSuccess: () => toast.success(t('members.removed', { email: emailOf(member) })),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('members.heading')}
      </h2>
      {/* Two columns on a phone (the join date under the address), three from sm up. */}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('members.caption', { name: organization.name })}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('members.email')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('members.role')}
            </th>
            <th scope="col" className="hidden px-3 py-2 sm:table-cell">
              {t('members.joined')}
            </th>
          </tr>
        </thead>
        <tbody>
          {organization.members.map((member) => {
            const isMe = member.userId === myUserId;
            const isEditable = isAdmin && member.role !== 'owner' && !isMe;
            return (
              <tr key={member.userId} className="border-t border-slate-100 align-top">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  <span className="break-all">{emailOf(member)}</span>
                  {isMe && (
                    <span className="ml-1 font-normal text-slate-600">{t('members.you')}</span>
                  )}
                  <span className="block text-xs font-normal text-slate-600 sm:hidden">
                    {t('members.joinedOn', { date: formatDay(member.joinedAt) })}
                  </span>
                </th>
                <td className="px-3 py-2">
                  {isEditable ? (
                    <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center">
                      <select
                        aria-label={t('members.roleOf', { email: emailOf(member) })}
                        className={selectClass}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => setRole(member, event.target.value as InvitableRole)}
                      >
                        {invitableRoles.map((role) => (
                          <option key={role} value={role}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                      <Button
                        variant="ghost"
                        className="-ml-2 text-red-800 sm:ml-0"
                        onClick={() => setRemoving(member)}
                        aria-label={t('members.removeLabel', { email: emailOf(member) })}
                      >
                        {t('members.remove')}
                      </Button>
                    </div>
                  ) : (
                    <RoleBadge role={member.role} />
                  )}
                </td>
                <td className="hidden whitespace-nowrap px-3 py-2 text-slate-700 sm:table-cell">
                  {formatDay(member.joinedAt)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('members.removeTitle', { email: emailOf(removing) }) : ''}
        description={t('members.removeText')}
        confirmLabel={t('members.remove')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
