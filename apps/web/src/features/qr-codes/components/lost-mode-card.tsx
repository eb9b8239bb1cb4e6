import { LOST_MESSAGE_MAX_LENGTH } from '@carecode/domain/alerts/alert.schema';
import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useMarkFound, useMarkLost } from '../api/set-lost-mode.ts';

/** When the item was reported lost, in the reader's language (India's usual date order). */
function useLostSince() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

/**
 * 'Lost mode' of the QR detail page: report the item lost with a message for the finder (the
 * scan page then leads with it and alerts skip quiet hours), or mark it found.
 */
export function LostModeCard({ qr }: { qr: Pick<QrCode, 'id' | 'lost'> }) {
  const { t } = useTranslation('qr-codes');
  const { errorText } = useErrorText();
  const lostSince = useLostSince();
  const [message, setMessage] = useState('');
  const markLost = useMarkLost(qr.id);
  const markFound = useMarkFound(qr.id);
  const ids = useId();
  const failure = markLost.error ?? markFound.error;

  const reportLost = () => {
    markFound.reset();
    const text = message.trim();
    markLost.mutate(text ? { message: text } : {}, {
      onSuccess: () => {
        setMessage('');
        toast.success(t('lost.nowLost'));
      },
    });
  };
  const reportFound = () => {
    markLost.reset();
    markFound.mutate(undefined, { onSuccess: () => toast.success(t('lost.nowFound')) });
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className={`space-y-3 rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${qr.lost ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
        {t('lost.title')}
      </h2>
      {qr.lost ? (
        <>
          <p role="status" className="font-semibold text-red-800">
            {t('lost.since', { date: lostSince(qr.lost.since) })}
          </p>
          {qr.lost.message && (
            <div className="rounded-xl bg-slate-50 p-3 text-sm">
              <p className="text-slate-600">{t('lost.yourMessage')}</p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-900">
                {qr.lost.message}
              </p>
            </div>
          )}
          <Button
            onClick={reportFound}
            disabled={markFound.isPending}
            aria-busy={markFound.isPending}
          >
            {t('lost.markFound')}
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-2xl text-sm text-slate-600">{t('lost.intro')}</p>
          <div className="max-w-2xl">
            <FormField
              id={`${ids}-message`}
              label={t('lost.messageLabel')}
              optionalLabel={t('lost.optional')}
              hint={t('lost.counter', {
                length: message.length,
                max: LOST_MESSAGE_MAX_LENGTH,
              })}
            >
              <textarea
                rows={2}
                maxLength={LOST_MESSAGE_MAX_LENGTH}
                value={message}
                placeholder={t('lost.messagePlaceholder')}
                onChange={(event) => setMessage(event.target.value)}
              />
            </FormField>
          </div>
          <Button
            variant="danger"
            onClick={reportLost}
            disabled={markLost.isPending}
            aria-busy={markLost.isPending}
          >
            {t('lost.markLost')}
          </Button>
        </>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorText(failure)}
        </p>
      )}
    </section>
  );
}
