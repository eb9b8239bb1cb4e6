import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useDeviceAlerts } from '../hooks/use-device-alerts.ts';

/**
 * 'Enable alerts on this device': says whether this browser can show alerts, whether they are
 * blocked (and how to allow them), and turns them on or off for this device.
 */
export function DeviceAlertsControl({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('alerts');
  const { errorText } = useErrorText();
  const device = useDeviceAlerts();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const message = {
    checking: t('device.checking'),
    unsupported: t('device.unsupported'),
    denied: t('device.denied'),
    off: device.isDismissed ? t('device.dismissed') : t('device.offHint'),
    on: t('device.on'),
  }[device.state];

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={device.state === 'checking' || device.isBusy}
      data-state={device.state}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <Heading id={headingId} className="font-bold text-slate-900">
          {t('device.title')}
        </Heading>
        <p role="status" className="mt-1 text-sm text-slate-700">
          {message}
        </p>
        {device.error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-800">
            {errorText(device.error, t('device.failed'))}
          </p>
        ) : null}
      </div>
      {device.state === 'off' && (
        <Button
          className="shrink-0"
          onClick={device.enable}
          disabled={device.isBusy}
          aria-busy={device.isBusy}
        >
          {t('device.enable')}
        </Button>
      )}
      {device.state === 'on' && (
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={device.disable}
          disabled={device.isBusy}
          aria-busy={device.isBusy}
        >
          {t('device.disable')}
        </Button>
      )}
    </section>
  );
}
