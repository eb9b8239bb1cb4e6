import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { toast } from 'sonner';
import { analyticsKeys } from '../../features/analytics/api/analytics-keys.ts';
import { qrCodeKeys } from '../../features/qr-codes/api/qr-code-keys.ts';
import { conversationKeys } from '../../features/scans/api/conversation-keys.ts';
import { connectScanEvents } from '../../features/scans/api/scan-events.ts';
import { scanKeys } from '../../features/scans/api/scan-keys.ts';
import { getAccessToken } from '../../lib/auth.ts';

export const REFRESH_DELAY_MS = 250;

/**
 * While signed in, follows the live scan events, once for the whole signed-in app (the layout
 * opens it, not each table): new scans and shared locations mark the scan histories and the QR
 * codes (their scan-count badges) stale through the features' key factories, and a new scan
 * raises a toast naming the QR.
 */
export function useLiveScanEvents(enabled = true) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation('scans');
  const translate = useRef(t);
  translate.current = t;
  const isSignedIn = enabled && auth.isAuthenticated;

  useEffect(() => {
    if (!isSignedIn) return;
    // A burst of events refreshes once, REFRESH_DELAY_MS after the first of them.
    const due = { history: false, qrCodes: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (due.history) {
        void queryClient.invalidateQueries({ queryKey: scanKeys.histories() });
        // An open analytics page counts the new scan or shared location too.
        void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      }
      if (due.qrCodes) void queryClient.invalidateQueries({ queryKey: qrCodeKeys.all });
      due.history = false;
      due.qrCodes = false;
    };
    const schedule = () => {
      timer ??= setTimeout(flush, REFRESH_DELAY_MS);
    };
    const refreshHistory = () => {
      due.history = true;
      schedule();
    };
    const refreshQrCodes = () => {
      due.qrCodes = true;
      schedule();
    };
    const stop = connectScanEvents({
      getToken: getAccessToken,
      onScan(event) {
        refreshHistory();
        refreshQrCodes();
        // Scans of one code that arrived together come as one event with their count.
        const name = event.qrName || event.qrId.slice(0, 8);
        const count = event.count ?? 1;
        toast.info(
          count > 1
            ? translate.current('live.newScans', { name, count })
            : translate.current('live.newScan', { name }),
        );
      },
      onLocation() {
        refreshHistory();
        toast.info(translate.current('live.locationShared'));
      },
      onMessage() {
        refreshHistory();
        void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
        toast.info(translate.current('live.newMessage'));
      },
      onOpen(reconnected) {
        if (!reconnected) return;
        refreshHistory();
        refreshQrCodes();
      },
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [isSignedIn, queryClient]);
}
