import type { ScanSession } from '@carecode/domain/scans/scan.schema';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LiteLayout } from '../layout/lite-layout.tsx';
import { ScanEntryPage, trackSessionRead } from './scan-entry-page.tsx';
import { initI18n, LANGUAGE_STORAGE_KEY } from './scan-i18n.ts';

// As in the scan entry's build (vite.config.ts): the page's translator in place of react-i18next
// and of the app's i18n setup.
vi.mock('react-i18next', async () => await import('./scan-i18n.ts'));
vi.mock('../../lib/i18n.ts', async () => await import('./scan-i18n.ts'));

const LOAD_FAILED =
  "We couldn't load scan data. The scan might be expired for security reasons (We allow scan session for 2–3 min only). Please rescan to try again.";

const session = (overrides: Partial<ScanSession> = {}): ScanSession =>
  ({
    scanId: 'scan-1',
    qr: {
      id: 'qr-1',
      type: 'VEHICLE',
      status: 'ASSIGNED',
      public: true,
      details: {
        numberPlate: 'MH12AB1234',
        ownerContact: { name: 'Kiran Rao', phoneNumber: '9811122233' },
      },
    },
    quotaExceeded: false,
    ...overrides,
  }) as ScanSession;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function renderEntry(request: Promise<ScanSession>) {
  const read = trackSessionRead(request);
  await Promise.race([read.settled, Promise.resolve()]);
  return render(
    <LiteLayout>
      <Suspense fallback={null}>
        <ScanEntryPage read={read} />
      </Suspense>
    </LiteLayout>,
  );
}

beforeEach(async () => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  await initI18n();
});
afterEach(() => vi.restoreAllMocks());

describe('the scan entry page', () => {
  it('draws the header, the session with call links, the location prompt, the numbers and the footer', async () => {
    await renderEntry(Promise.resolve(session()));
    expect(screen.getByRole('link', { name: 'CareCode' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: 'Language: हिन्दी' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Scanned QR details');
    expect(screen.getByText(/Someone set up this QR code so you can help/)).toBeInTheDocument();
    expect(screen.getByText('MH12AB1234')).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('tel:9811122233');
    expect(hrefs).toContain('https://wa.me/919811122233');
    expect(
      screen.getByRole('heading', { name: 'Your location could make a difference' }),
    ).toBeInTheDocument();
    const numbers = screen.getByRole('region', { name: 'Emergency Numbers (India)' });
    expect(within(numbers).getAllByRole('link')[0]).toHaveAttribute('href', 'tel:112');
    expect(screen.getByRole('navigation', { name: 'Footer navigation' })).toBeInTheDocument();
    expect(document.title).toBe('Scanned QR · CareCode');
  });

  it('shows the spinner while the session is still loading, then the session', async () => {
    const request = deferred<ScanSession>();
    await renderEntry(request.promise);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => request.resolve(session()));
    expect(screen.getByText('MH12AB1234')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('asks for no location when the monthly quota is used up', async () => {
    await renderEntry(Promise.resolve(session({ quotaExceeded: true })));
    expect(screen.getByText('MH12AB1234')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Your location could make a difference' }),
    ).not.toBeInTheDocument();
  });

  it('explains a private QR, and a failed load, still listing the emergency numbers', async () => {
    const view = await renderEntry(Promise.reject(new ApiError(403, 'QR_PRIVATE')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access restrictedThis QR code is private. Only its owner can see its details.',
    );
    expect(screen.getByRole('region', { name: 'Emergency Numbers (India)' })).toBeInTheDocument();
    view.unmount();

    await renderEntry(Promise.reject(new ApiError(410, 'SCAN_EXPIRED')));
    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_FAILED);
    expect(screen.getByRole('region', { name: 'Emergency Numbers (India)' })).toBeInTheDocument();
  });

  it('says busy, with the seconds to wait and a Try again button, past the rate limit (not expired)', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
    } as Location);
    const user = userEvent.setup();
    await renderEntry(
      Promise.reject(new ApiError(429, 'RATE_LIMITED', { params: { seconds: 17 } })),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent(
      'Many people are scanning right now',
    );
    expect(alert).toHaveTextContent(
      'Try again in 17 seconds. If someone needs help now, call an emergency number below.',
    );
    expect(alert.textContent).not.toContain('expired');
    expect(screen.getByRole('region', { name: 'Emergency Numbers (India)' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says busy in Hindi too', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN']);
    await initI18n();
    await renderEntry(
      Promise.reject(new ApiError(429, 'RATE_LIMITED', { params: { seconds: 5 } })),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('अभी बहुत से लोग स्कैन कर रहे हैं');
    expect(alert).toHaveTextContent('5 सेकंड बाद फिर से प्रयास करें।');
    expect(within(alert).getByRole('button', { name: 'फिर से प्रयास करें' })).toBeInTheDocument();
  });

  it('switches to Hindi and back with the language button, remembering the choice', async () => {
    const user = userEvent.setup();
    await renderEntry(Promise.resolve(session()));
    await user.click(screen.getByRole('button', { name: 'Language: हिन्दी' }));
    expect(await screen.findByText('स्कैन किए गए QR का विवरण')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'आपकी लोकेशन बड़ा फ़र्क ला सकती है' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.title).toBe('स्कैन किया गया QR · CareCode');

    await user.click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByText('Scanned QR details')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it("leads with a banner when the item is reported lost, with the owner's message", async () => {
    const lostSession = session();
    lostSession.qr = {
      ...lostSession.qr,
      lost: { message: 'Reward offered.\nPlease call me.', since: '2025-06-02T10:30:00.000Z' },
    };
    await renderEntry(Promise.resolve(lostSession));
    const banner = screen.getByRole('alert');
    expect(within(banner).getByRole('heading')).toHaveTextContent('This item is reported lost');
    expect(banner).toHaveTextContent('Message from the owner:');
    expect(banner).toHaveTextContent('Reward offered. Please call me.');
    expect(banner).toHaveTextContent('Please contact the owner using the details below.');
    // Above everything else of the page, and high contrast.
    const title = screen.getByRole('heading', { level: 1 });
    expect(banner.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.className).toContain('bg-red-800');
    expect(banner.className).toContain('text-white');
    expect(screen.getByText('MH12AB1234')).toBeInTheDocument();
  });

  it('shows the lost banner without a message box when the owner left none, in Hindi too', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN']);
    await initI18n();
    const lostSession = session();
    lostSession.qr = {
      ...lostSession.qr,
      lost: { message: '', since: '2025-06-02T10:30:00.000Z' },
    };
    await renderEntry(Promise.resolve(lostSession));
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('यह वस्तु खोई हुई बताई गई है');
    expect(banner).toHaveTextContent('कृपया नीचे दिए गए विवरण से मालिक से संपर्क करें।');
    expect(banner).not.toHaveTextContent('मालिक का संदेश:');
  });

  it('shows no lost banner for an item that is not lost', async () => {
    await renderEntry(Promise.resolve(session()));
    expect(screen.queryByText('This item is reported lost')).toBeNull();
  });

  it('opens in Hindi for a Hindi browser', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'en']);
    await initI18n();
    await renderEntry(Promise.resolve(session()));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('स्कैन किए गए QR का विवरण');
    expect(document.documentElement.lang).toBe('hi');
  });
});
