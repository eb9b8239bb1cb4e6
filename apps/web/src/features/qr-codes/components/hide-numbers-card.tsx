import { canHideNumbers } from '@carecode/domain/calls/call.schema';
import type { QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch.tsx';
import { useCurrentPlan } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useUpdateQrCode } from '../api/update-qr-code.ts';

/**
 * 'Hide my numbers' (Premium, Business): the scan page then shows no phone number of this code,
 * only 'Call … (number hidden)' buttons that connect through the call bridge.
 */
export function HideNumbersCard({ qr }: { qr: QrCode }) {
  const { t } = useTranslation('finder');
  const { errorText } = useErrorText();
  const plan = useCurrentPlan();
  const update = useUpdateQrCode();
  // An organisation's code follows its owner's plan (Business, which hides numbers); the server
  // answers HIDE_NUMBERS_PLAN should that plan have ended.
  const isAllowed = Boolean(qr.organizationId) || canHideNumbers(plan);
  const isOn = Boolean(qr.hideNumbers);

  const change = (hideNumbers: boolean) =>
    update.mutate(
      { id: qr.id, input: { type: qr.type, details: qr.details, hideNumbers } as QrInput },
      {
        onSuccess: () => toast.success(hideNumbers ? t('hide.turnedOn') : t('hide.turnedOff')),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  return (
    <section
      aria-labelledby="hide-numbers-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="hide-numbers-title" className="text-lg font-bold text-slate-900">
            {t('hide.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('hide.text')}</p>
          {!isAllowed && (
            <p className="mt-2 text-sm text-slate-700">
              {t('hide.needsPlan')}{' '}
              <Link to="/pricing" className="font-semibold text-blue-700 underline">
                {t('hide.viewPlans')}
              </Link>
            </p>
          )}
        </div>
        <Switch
          checked={isOn}
          disabled={(!isAllowed && !isOn) || update.isPending}
          aria-busy={update.isPending}
          label={isOn ? t('hide.on') : t('hide.off')}
          aria-label={t('hide.title')}
          onCheckedChange={change}
        />
      </div>
    </section>
  );
}
