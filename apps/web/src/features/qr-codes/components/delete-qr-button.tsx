import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDeleteQrCode } from '../api/delete-qr-code.ts';

/**
 * 'Delete this QR code' with a confirmation that says what goes: also the way back within a
 * plan's QR limit after a paid plan has ended.
 */
export function DeleteQrButton({ qrId, onDeleted }: { qrId: string; onDeleted: () => void }) {
  const { t } = useTranslation('qr-codes');
  const { errorText } = useErrorText();
  const [isAsking, setAsking] = useState(false);
  const remove = useDeleteQrCode();

  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('delete.button')}
      </Button>
      {remove.error && (
        <p role="alert" className="text-sm text-red-800">
          {errorText(remove.error)}
        </p>
      )}
      <ConfirmDialog
        open={isAsking}
        title={t('delete.title')}
        description={t('delete.text')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:actions.cancel')}
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(qrId, {
            onSuccess: () => {
              setAsking(false);
              onDeleted();
            },
            onError: () => setAsking(false),
          })
        }
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
