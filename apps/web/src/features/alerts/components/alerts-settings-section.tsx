import { useTranslation } from 'react-i18next';
import { AlertPreferencesForm } from './alert-preferences-form.tsx';
import { DeviceAlertsControl } from './device-alerts-control.tsx';

/** The account page's 'Alerts': this device's alerts, then the account's alert settings. */
export function AlertsSettingsSection() {
  const { t } = useTranslation('alerts');
  return (
    <section aria-labelledby="alerts-settings-title" className="space-y-4">
      <div>
        <h2 id="alerts-settings-title" className="text-xl font-bold text-slate-900">
          {t('settings.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.intro')}</p>
      </div>
      <DeviceAlertsControl headingLevel={3} />
      <AlertPreferencesForm />
    </section>
  );
}
