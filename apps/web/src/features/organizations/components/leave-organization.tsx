import type { OrganizationDetail } from '@carecode/domain/organizations/organization.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { useLeaveOrganization } from '../api/remove-member.ts';

/**
 * A danger button that asks first, then runs `mutation`, says so in a toast and calls `onDone`.
 * `texts` is the key of its texts in the organisations namespace (button, title, text, done).
 */
function ConfirmedOrganizationAction({
  organization,
  texts,
  mutation,
  onDone,
}: {
  organization: OrganizationDetail;
  texts: 'leave' | 'delete';
  mutation: {
    mutate: (
      variables: undefined,
      callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  onDone: () => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const { errorText } = useErrorText();
  const [isAsking, setAsking] = useState(false);

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t(`${texts}.done`, { name: organization.name }));
        onDone();
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorText(error));
      },
    });

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t(`${texts}.button`)}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t(`${texts}.title`, { name: organization.name })}
        description={t(`${texts}.text`)}
        confirmLabel={t(`${texts}.button`)}
        cancelLabel={t('common:actions.cancel')}
        isBusy={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

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
  const leave = useLeaveOrganization(organization.id);
  return (
    <ConfirmedOrganizationAction
      organization={organization}
      texts="leave"
      mutation={{
        mutate: (_, callbacks) => leave.mutate(myUserId, callbacks),
        isPending: leave.isPending,
      }}
      onDone={onLeft}
    />
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
  const remove = useDeleteOrganization();
  return (
    <ConfirmedOrganizationAction
      organization={organization}
      texts="delete"
      mutation={{
        mutate: (_, callbacks) => remove.mutate(organization.id, callbacks),
        isPending: remove.isPending,
      }}
      onDone={onDeleted}
    />
  );
}
