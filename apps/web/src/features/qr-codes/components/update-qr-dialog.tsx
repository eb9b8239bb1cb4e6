import type { QrCode, QrDetails, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateQrCode } from '../api/update-qr-code.ts';
import { QrDetailsForm } from './qr-details-form.tsx';
import { useErrorText } from '../../../lib/error-text.ts';

/** The modal 'Update QR Details' with the kind's form filled in. */
export function UpdateQrDialog({
  qr,
  open,
  onClose,
}: {
  qr: QrCode;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('qr-codes');
  const { errorText } = useErrorText();
  const update = useUpdateQrCode();

  const submit = async (details: QrDetails): Promise<Record<string, string> | void> => {
    try {
      await update.mutateAsync({ id: qr.id, input: { type: qr.type, details } as QrInput });
      toast.success(t('form.updated'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        toast.error(t('form.fixErrors'));
        return error.fields;
      }
      toast.error(errorText(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('form.updateTitle')}
      closeLabel={t('form.close')}
      size="lg"
    >
      <QrDetailsForm
        key={qr.updatedAt}
        type={qr.type}
        defaultDetails={qr.details}
        submitLabel={t('form.save')}
        busyLabel={t('form.saving')}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Dialog>
  );
}
