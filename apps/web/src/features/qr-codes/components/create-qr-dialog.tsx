import { CHILD_GUARDIAN_TEXT_VERSION } from '@carecode/domain/consents/consent.schema';
import type {
  CreateQrCodeInput,
  QrCode,
  QrDetails,
  QrType,
} from '@carecode/domain/qr-codes/qr-code.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateQrCode } from '../api/create-qr-code.ts';
import { isPlanLimitError, showPlanLimitToast } from '../lib/api-error-toast.ts';
import { QrDetailsForm } from './qr-details-form.tsx';
import { QrTypePicker } from './qr-type-picker.tsx';
import { useErrorText } from '../../../lib/error-text.ts';

/**
 * 'Create New QR': a type picker, then that kind's form (spec §4 QR creation). On success the
 * dialog closes, its state is cleared and `onCreated` receives the new QR. With
 * `organizationId` the code belongs to that organisation.
 */
export function CreateQrButton({
  onCreated,
  organizationId,
}: {
  onCreated: (qr: QrCode) => void;
  /** The organisation the new code belongs to; a personal code when absent. */
  organizationId?: string;
}) {
  const { t } = useTranslation('qr-codes');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [type, setType] = useState<QrType | null>(null);
  const create = useCreateQrCode();

  const close = () => {
    setOpen(false);
    setType(null);
    create.reset();
  };

  const submit = async (details: QrDetails): Promise<Record<string, string> | void> => {
    if (!type) return;
    try {
      const input = (
        type === 'CHILD'
          ? { type, details, guardianConsent: { textVersion: CHILD_GUARDIAN_TEXT_VERSION } }
          : { type, details }
      ) as CreateQrCodeInput;
      const qr = await create.mutateAsync(organizationId ? { ...input, organizationId } : input);
      toast.success(t('form.created'));
      close();
      onCreated(qr);
    } catch (error) {
      if (isPlanLimitError(error)) {
        showPlanLimitToast(t, errorText(error), () => navigate('/pricing'));
        return;
      }
      if (error instanceof ApiError && error.fields) {
        toast.error(t('form.fixErrors'));
        return error.fields;
      }
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
        {t('dashboard.createNew')}
      </Button>
      <Dialog
        open={isOpen}
        onClose={close}
        closeLabel={t('form.close')}
        size="lg"
        title={type ? t('form.createTitle', { kind: t(`types.${type}.label`) }) : t('picker.title')}
      >
        {type ? (
          <div className="space-y-4">
            <Button variant="ghost" className="-ml-2" onClick={() => setType(null)}>
              <span aria-hidden="true">←</span> {t('form.back')}
            </Button>
            <QrDetailsForm
              key={type}
              type={type}
              submitLabel={t('form.create')}
              busyLabel={t('form.creating')}
              onSubmit={submit}
              onCancel={close}
              confirmation={
                type === 'CHILD'
                  ? {
                      label: t('form.childGuardianConfirm'),
                      requiredMessage: t('form.childGuardianRequired'),
                    }
                  : undefined
              }
            />
          </div>
        ) : (
          <QrTypePicker onPick={setType} />
        )}
      </Dialog>
    </>
  );
}
