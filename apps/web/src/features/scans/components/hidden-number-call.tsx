import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

const CallBridgeForm = lazy(() => import('./call-bridge-form.tsx'));

export type BridgeContact = 'ownerContact' | 'emergencyContact' | 'schoolContact';

/**
 * 'Call {role} (number hidden)': where the owner hides their numbers, the contact is reached
 * through the call bridge. The button is all the page draws at first; the form that asks for
 * the scanner's number loads when it is pressed.
 */
export function HiddenNumberCall({
  scanId,
  contact,
  role,
}: {
  scanId: string;
  contact: BridgeContact;
  role: string;
}) {
  const { t } = useTranslation('scans');
  const [isOpen, setOpen] = useState(false);
  // The bridge needs script: drawn disabled by the server and until the page has hydrated, and
  // without script (where the browser says so) replaced by a line that says to call for help.
  const isHydrated = useHydrated();
  if (!isOpen) {
    return (
      <>
        <button
          type="button"
          onClick={() => setOpen(true)}
          disabled={!isHydrated}
          className="noscript:hidden inline-flex min-h-11 items-center gap-2 rounded-xl bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          <PhoneIcon size={20} />
          {t('bridge.call', { role })}
        </button>
        <noscript>
          <span className="block text-sm font-medium text-slate-900">{t('bridge.noScript')}</span>
        </noscript>
      </>
    );
  }
  return (
    <Suspense fallback={<p className="text-slate-600">{t('bridge.loading')}</p>}>
      <CallBridgeForm
        scanId={scanId}
        contact={contact}
        role={role}
        onCancel={() => setOpen(false)}
      />
    </Suspense>
  );
}
