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
import { DataTable } from '../../../components/ui/table.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMemberRole } from '../api/update-member-role.ts';
import { useOrganizationDates } from '../lib/format.ts';
import { RoleBadge } from './role-badge.tsx';

const selectClass =
  'min-h-11 w-full min-w-28 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

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
      <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <DataTable caption={t('members.caption', { name: organization.name })}>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('members.email')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('members.role')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('members.joined')}
              </th>
              {isAdmin && (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('members.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {organization.members.map((member) => {
              const isMe = member.userId === myUserId;
              const isEditable = isAdmin && member.role !== 'owner' && !isMe;
              return (
                <tr key={member.userId} className="border-t border-slate-100 align-middle">
                  <th scope="row" className="break-all px-3 py-2 font-medium text-slate-900">
                    {emailOf(member)}
                    {isMe && (
                      <span className="ml-1 font-normal text-slate-600">{t('members.you')}</span>
                    )}
                  </th>
                  <td className="px-3 py-2">
                    {isEditable ? (
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
                    ) : (
                      <RoleBadge role={member.role} />
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                    {formatDay(member.joinedAt)}
                  </td>
                  {isAdmin && (
                    <td className="px-3 py-2 text-right">
                      {isEditable && (
                        <Button
                          variant="ghost"
                          className="text-red-800"
                          onClick={() => setRemoving(member)}
                          aria-label={t('members.removeLabel', { email: emailOf(member) })}
                        >
                          {t('members.remove')}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </div>
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
