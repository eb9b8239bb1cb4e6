import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { recordLocationConsent, shareLocation } from '../api/share-location.ts';

/** sessionStorage flag: the prompt shows once per browser session (spec §4 Location prompt). */
export const LOCATION_PROMPT_FLAG = 'carecode.locationPrompted';
/** The page asks for the location by itself after 5 s (spec §9 Timings). */
export const AUTO_REQUEST_DELAY_MS = 5000;

type Problem = 'unsupported' | 'sendFailed' | 'denied' | 'unavailable';
type Phase = 'idle' | 'silent' | 'asked';

const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 20_000,
  maximumAge: 60_000,
};

/** Claims the once-per-session prompt; false when already shown in this session. */
function claimPrompt(): boolean {
  try {
    if (window.sessionStorage.getItem(LOCATION_PROMPT_FLAG)) return false;
    window.sessionStorage.setItem(LOCATION_PROMPT_FLAG, '1');
  } catch {
    // storage blocked: show the prompt; it cannot be remembered anyway
  }
  return true;
}

/**
 * 'Your location could make a difference': offers to share the scanner's location with the
 * owner. After 5 s it requests the location by itself, silently (no error shown then); a click
 * on 'Allow Location' requests it and shows what went wrong, or thanks the scanner.
 */
export function LocationBanner({ scanId }: { scanId: string }) {
  const { t } = useTranslation('scans');
  // Drawn by the server too (the page works without script); hidden again at once when this
  // browser session has already been asked.
  const [isVisible, setVisible] = useState(true);
  const isHydrated = useHydrated();
  const [isThanked, setThanked] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // idle, requesting silently (the automatic request), or requesting because the user asked.
  const [phase, setPhaseState] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const setPhase = (next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
  };

  // Before the first paint of a page drawn in the browser. Claimed once per mount (StrictMode
  // runs effects twice: the second run must not find its own claim).
  const claimed = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    claimed.current ??= claimPrompt();
    if (!claimed.current) setVisible(false);
  }, []);

  const request = (isAsked: boolean) => {
    if (isAsked) setProblem(null);
    if (phaseRef.current !== 'idle') {
      // A click during the automatic request: its outcome is now reported.
      if (isAsked) setPhase('asked');
      return;
    }
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      if (isAsked) setProblem('unsupported');
      return;
    }
    setPhase(isAsked ? 'asked' : 'silent');
    const fail = (next: Problem) => {
      const wasAsked = phaseRef.current === 'asked';
      setPhase('idle');
      if (wasAsked) setProblem(next);
    };
    geolocation.getCurrentPosition(
      (position) => {
        void recordLocationConsent(scanId, true);
        shareLocation(scanId, {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        }).then(
          () => {
            setPhase('idle');
            setThanked(true);
            setVisible(false);
          },
          () => fail('sendFailed'),
        );
      },
      // 1 = PERMISSION_DENIED
      (error) => {
        if (error.code === 1) void recordLocationConsent(scanId, false);
        fail(error.code === 1 ? 'denied' : 'unavailable');
      },
      GEOLOCATION_OPTIONS,
    );
  };
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    if (!isVisible) return;
    const timer = setTimeout(() => requestRef.current(false), AUTO_REQUEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isVisible]);

  if (isThanked) {
    return (
      <p
        role="status"
        className="rounded-2xl border border-green-300 bg-green-50 p-4 font-medium text-green-900"
      >
        {t('location.thanks')}
      </p>
    );
  }
  if (!isVisible) return null;

  return (
    <section
      aria-labelledby="location-banner-title"
      className="rounded-2xl border border-blue-200 bg-blue-50 p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 h-6 w-6 shrink-0 text-blue-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
          <circle cx="12" cy="9.5" r="2.5" />
        </svg>
        <div className="min-w-0 flex-1">
          <h2 id="location-banner-title" className="text-lg font-bold text-blue-950">
            {t('location.title')}
          </h2>
          <p className="mt-1 text-slate-700 noscript:hidden">{t('location.text')}</p>
          {/* Without script the browser cannot give the location: the button stays disabled, and
            where the browser reports scripting off, it and the 5-second promise give way to the
            text that says to call instead. */}
          <Button
            className="mt-3 w-full noscript:hidden sm:w-auto"
            onClick={() => request(true)}
            disabled={!isHydrated || phase === 'asked'}
          >
            {phase === 'asked' ? t('location.sharing') : t('location.allow')}
          </Button>
          <noscript>
            <p className="mt-1 font-medium text-slate-900">{t('location.noScript')}</p>
          </noscript>
          {problem && (
            <p role="alert" className="mt-3 font-medium text-red-800">
              {t(`location.${problem}`)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
