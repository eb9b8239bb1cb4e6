import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { scanKeys } from '../api/scan-keys.ts';

/** DELETE /scans/{scanId}/location: the owner erases a location a scanner shared. */
const eraseLocation = (scanId: string) =>
  apiFetch<void>(`/scans/${encodeURIComponent(scanId)}/location`, { method: 'DELETE' });

/**
 * 'Erase' beside a shared location in the scan history: asks once ('Erase this location for
 * good?'), then erases it; the scan stays in the history without it.
 */
export function EraseLocationButton({ scanId, timeLabel }: { scanId: string; timeLabel: string }) {
  const { t } = useTranslation('scans');
  const { errorText } = useErrorText();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => eraseLocation(scanId),
    onSuccess: async () => {
      toast.success(t('history.erased'));
      await queryClient.invalidateQueries({ queryKey: scanKeys.histories() });
    },
    onError: (error) => toast.error(errorText(error)),
  });

  if (!isConfirming) {
    return (
      <Button
        variant="ghost"
        aria-label={t('history.eraseLocationLabel', { time: timeLabel })}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
      >
        {t('history.eraseLocation')}
      </Button>
    );
  }
  return (
    <span
      role="group"
      aria-label={t('history.eraseConfirm')}
      className="inline-flex flex-wrap items-center gap-2"
      onClick={(event) => event.stopPropagation()}
    >
      <span className="text-sm text-slate-700">{t('history.eraseConfirm')}</span>
      <Button variant="danger" autoFocus disabled={erase.isPending} onClick={() => erase.mutate()}>
        {erase.isPending ? t('history.erasing') : t('history.eraseYes')}
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        {t('history.eraseNo')}
      </Button>
    </span>
  );
}
