import { LOCATION_PROMPT_TEXT_VERSION } from '@carecode/domain/consents/consent.schema';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, loadTexts, renderApp } from '../../../test/kit.tsx';
import { stubFetch } from '../../../test/api-mock.ts';
import { AUTO_REQUEST_DELAY_MS, LOCATION_PROMPT_FLAG, LocationBanner } from './location-banner.tsx';

const TITLE = 'Your location could make a difference';
const MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser.',
  sendFailed: 'Failed to send location. Please try again later.',
  denied: 'You denied location access. You can allow it later from your browser settings.',
  unavailable: "We couldn't get your location. Please try again.",
  thanks:
    'Thank you! Your location has been shared to help reconnect someone or something important.',
};

type Outcome = { coords: { latitude: number; longitude: number } } | { error: number } | 'pending';

/** A fake navigator.geolocation whose next answers are queued outcomes. */
function fakeGeolocation(outcomes: Outcome[]) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      const outcome = outcomes.shift() ?? 'pending';
      if (outcome === 'pending') return;
      queueMicrotask(() => {
        if ('coords' in outcome) {
          success({ coords: outcome.coords, timestamp: Date.now() } as GeolocationPosition);
        } else {
          failure?.({
            code: outcome.error,
            message: 'failed',
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError);
        }
      });
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

const removeGeolocation = () =>
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });

const DELHI = { coords: { latitude: 28.6139, longitude: 77.209 } };

async function renderBanner(language: 'en' | 'hi' = 'en') {
  // Texts first, with real timers; from then on time is ours, before the banner mounts.
  await loadTexts(language);
  vi.useFakeTimers();
  const view = await renderApp(<LocationBanner scanId="scan-123" />, {
    language,
    auth: fakeAuth({ signedIn: false }),
  });
  await flush();
  return view;
}

/** Lets promise callbacks (geolocation, fetch) run. */
const flush = async () => {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
};

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

beforeEach(() => {
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeGeolocation();
});

describe('LocationBanner', () => {
  it('shows the prompt with its 5-second note and remembers it for the session', async () => {
    fakeGeolocation([]);
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(/in 5 sec/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow Location' })).toBeEnabled();
    expect(window.sessionStorage.getItem(LOCATION_PROMPT_FLAG)).toBe('1');
  });

  it('is shown once per browser session: not again, and then it asks nothing', async () => {
    window.sessionStorage.setItem(LOCATION_PROMPT_FLAG, '1');
    const getCurrentPosition = fakeGeolocation([DELHI]);
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    await advance(AUTO_REQUEST_DELAY_MS * 3);
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('requests the location by itself after exactly 5 s and sends it, then thanks', async () => {
    const getCurrentPosition = fakeGeolocation([DELHI]);
    const calls = stubFetch(() => ({ status: 204 }));
    await renderBanner();
    await advance(AUTO_REQUEST_DELAY_MS - 1);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await advance(1);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await flush();
    // The location, and the browser's permission recorded as the scanner's consent.
    expect(calls).toHaveLength(2);
    const sent = calls.find((call) => call.method === 'PUT')!;
    expect(sent).toMatchObject({
      url: 'http://localhost:3000/api/scans/scan-123/location',
      body: { latitude: 28.6139, longitude: 77.209 },
    });
    expect(sent.headers.authorization).toBeUndefined();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: 'http://localhost:3000/api/scans/scan-123/location-consent',
      body: { granted: true, textVersion: LOCATION_PROMPT_TEXT_VERSION },
    });
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.thanks);
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
  });

  it.each([
    ['denied', { error: 1 }, 204],
    ['unavailable', { error: 2 }, 204],
    ['timed out', { error: 3 }, 204],
    ['failed to send', DELHI, 500],
  ] as const)('stays silent when the automatic request is %s', async (_name, outcome, status) => {
    const getCurrentPosition = fakeGeolocation([outcome]);
    stubFetch(() => ({ status, body: status === 500 ? { message: 'Boom' } : undefined }));
    await renderBanner();
    await advance(AUTO_REQUEST_DELAY_MS);
    await flush();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const message of Object.values(MESSAGES)) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
    // The prompt stays, so the visitor can still choose to share.
    expect(screen.getByRole('button', { name: 'Allow Location' })).toBeEnabled();
  });

  it('stays silent when geolocation is missing and the automatic request fires', async () => {
    removeGeolocation();
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    await advance(AUTO_REQUEST_DELAY_MS);
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`says '${MESSAGES.unsupported}' on a click without geolocation`, async () => {
    removeGeolocation();
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.unsupported);
  });

  it.each([
    [1, MESSAGES.denied],
    [2, MESSAGES.unavailable],
    [3, MESSAGES.unavailable],
  ])('after a click, geolocation error code %i shows "%s"', async (code, message) => {
    fakeGeolocation([{ error: code }]);
    const calls = stubFetch(() => ({ status: 204 }));
    await renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    // A refusal is recorded as the scanner's answer; other failures are not answers.
    expect(calls.map((call) => [call.path, call.body])).toEqual(
      code === 1
        ? [
            [
              '/scans/scan-123/location-consent',
              { granted: false, textVersion: LOCATION_PROMPT_TEXT_VERSION },
            ],
          ]
        : [],
    );
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
  });

  it(`after a click, a failed send shows '${MESSAGES.sendFailed}'`, async () => {
    fakeGeolocation([DELHI]);
    stubFetch(() => ({ status: 410, body: { message: 'expired' } }));
    await renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.sendFailed);
  });

  it('after a click, success thanks the visitor, hides the prompt and asks no more', async () => {
    const getCurrentPosition = fakeGeolocation([DELHI]);
    const calls = stubFetch(() => ({ status: 204 }));
    await renderBanner();
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.thanks);
    expect(screen.queryByRole('button', { name: 'Allow Location' })).not.toBeInTheDocument();
    await advance(AUTO_REQUEST_DELAY_MS * 2);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/scans/scan-123/location',
      '/scans/scan-123/location-consent',
    ]);
  });

  it('a retry after an error clears the old message', async () => {
    fakeGeolocation([{ error: 1 }, DELHI]);
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.denied);
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.thanks);
  });

  it('a click while the automatic request waits reports its outcome', async () => {
    let fail: PositionErrorCallback | null | undefined;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: vi.fn(
          (_ok: PositionCallback, onError?: PositionErrorCallback | null) => {
            fail = onError;
          },
        ),
      },
    });
    stubFetch(() => ({ status: 204 }));
    await renderBanner();
    await advance(AUTO_REQUEST_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Allow Location' }));
    expect(screen.getByRole('button', { name: 'Sharing location...' })).toBeDisabled();
    await act(async () => fail?.({ code: 1 } as GeolocationPositionError));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.denied);
  });

  it('speaks Hindi', async () => {
    fakeGeolocation([{ error: 1 }]);
    stubFetch(() => ({ status: 204 }));
    await renderBanner('hi');
    expect(
      screen.getByRole('heading', { name: 'आपकी लोकेशन बड़ा फ़र्क ला सकती है' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'लोकेशन की अनुमति दें' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'आपने लोकेशन की अनुमति नहीं दी। आप बाद में ब्राउज़र की सेटिंग में जाकर अनुमति दे सकते हैं।',
    );
  });
});
