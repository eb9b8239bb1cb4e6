import type { OrganizationDetail } from '@carecode/domain/organizations/organization.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { useLeaveOrganization } from '../api/remove-member.ts';

/** 'Leave organisation' (everyone but the owner), after a confirmation. */
export function LeaveOrganizationButton({
  organization,
  myUserId,
  onLeft,
}: {
  organization: OrganizationDetail;
  myUserId: string;
  onLeft: () => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const { errorText } = useErrorText();
  const [isAsking, setAsking] = useState(false);
  const leave = useLeaveOrganization(organization.id);

  const confirm = () =>
    leave.mutate(myUserId, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('leave.done', { name: organization.name }));
        onLeft();
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorText(error));
      },
    });

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('leave.button')}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t('leave.title', { name: organization.name })}
        description={t('leave.text')}
        confirmLabel={t('leave.button')}
        cancelLabel={t('common:actions.cancel')}
        isBusy={leave.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** 'Delete organisation' (owner only): its codes become the owner's personal codes. */
export function DeleteOrganizationButton({
  organization,
  onDeleted,
}: {
  organization: OrganizationDetail;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const { errorText } = useErrorText();
  const [isAsking, setAsking] = useState(false);
  const remove = useDeleteOrganization();

  const confirm = () =>
    remove.mutate(organization.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('delete.done', { name: organization.name }));
        onDeleted();
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorText(error));
      },
    });

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t('delete.title', { name: organization.name })}
        description={t('delete.text')}
        confirmLabel={t('delete.button')}
        cancelLabel={t('common:actions.cancel')}
        isBusy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
