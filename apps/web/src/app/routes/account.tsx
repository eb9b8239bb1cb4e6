import { AccountPage } from '../../features/account/components/account-page.tsx';
import { AlertsSettingsSection } from '../../features/alerts/components/alerts-settings-section.tsx';

/** /account (spec §2), with the alert settings under the profile. */
export function Component() {
  return <AccountPage profileExtra={<AlertsSettingsSection />} />;
}
