import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp } from '../../test/kit.tsx';
import { type FetchCall, stubFetch } from '../../test/api-mock.ts';
import { Component, loader } from './scan.tsx';

const LOAD_FAILED =
  "We couldn't load scan data. The scan might be expired for security reasons (We allow scan session for 2–3 min only). Please rescan to try again.";
const PRIVATE = 'This QR code is private. Only its owner can see its details.';

const session = (overrides: Record<string, unknown> = {}) => ({
  scanId: 'scan-1',
  qr: {
    id: 'qr-1',
    type: 'VEHICLE',
    status: 'ASSIGNED',
    public: true,
    details: {
      numberPlate: 'MH12AB1234',
      modelDescription: 'White Swift',
      ownerContact: { name: 'Kiran Rao', phoneNumber: '9811122233' },
      emergencyContact: { name: 'Sunita Rao', phoneNumber: '9844455566' },
    },
  },
  quotaExceeded: false,
  ...overrides,
});

async function renderScanPage(
  answer: (call: FetchCall) => { status?: number; body?: unknown },
  language: 'en' | 'hi' = 'en',
) {
  const calls = stubFetch(answer);
  const view = await renderApp(null, {
    language,
    auth: fakeAuth({ signedIn: false }),
    route: '/scans/scan-1',
    routes: [{ path: '/scans/:scanId', loader, Component }],
  });
  return { ...view, calls };
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function expectEmergencyNumbersWithout108() {
  const list = screen.getByRole('region', { name: 'Emergency Numbers (India)' });
  const numbers = within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
  expect(numbers).toEqual([
    'tel:112',
    'tel:100',
    'tel:102',
    'tel:1033',
    'tel:1091',
    'tel:1098',
    'tel:101',
    'tel:1078',
  ]);
}

describe('scan page /scans/{scanId}', () => {
  it('shows the details read-only with call and WhatsApp links, the numbers and the support line', async () => {
    const { calls } = await renderScanPage(() => ({ body: session() }));
    expect(await screen.findByText('MH12AB1234')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: 'http://localhost:3000/api/scans/scan-1',
    });
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('tel:9811122233');
    expect(hrefs).toContain('tel:9844455566');
    expect(hrefs).toContain('https://wa.me/919811122233');
    expect(hrefs).toContain('https://wa.me/919844455566');
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
    expectEmergencyNumbersWithout108();
    expect(screen.getByRole('link', { name: /^support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@/),
    );
    expect(
      screen.getByRole('heading', { name: 'Your location could make a difference' }),
    ).toBeInTheDocument();
  });

  it('starts reading the session in the route loader, before rendering, and reads it once', async () => {
    const calls = stubFetch(() => ({ body: session({ scanId: 'scan-early' }) }));
    loader({ params: { scanId: 'scan-early' } } as unknown as Parameters<typeof loader>[0]);
    await vi.waitFor(() =>
      expect(calls.map((call) => call.url)).toEqual(['http://localhost:3000/api/scans/scan-early']),
    );
    await renderApp(null, {
      auth: fakeAuth({ signedIn: false }),
      route: '/scans/scan-early',
      routes: [{ path: '/scans/:scanId', loader, Component }],
    });
    expect(await screen.findByText('MH12AB1234')).toBeInTheDocument();
    // The session once (the messages card below asks for its own conversation).
    expect(
      calls.filter((call) => call.url === 'http://localhost:3000/api/scans/scan-early'),
    ).toHaveLength(1);
  });

  it('over the monthly quota still shows details and numbers, but no location prompt', async () => {
    await renderScanPage(() => ({ body: session({ quotaExceeded: true }) }));
    expect(await screen.findByText('MH12AB1234')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toContain(
      'https://wa.me/919811122233',
    );
    expectEmergencyNumbersWithout108();
    expect(
      screen.queryByRole('heading', { name: 'Your location could make a difference' }),
    ).not.toBeInTheDocument();
  });

  it('shows the access-restricted message and the emergency numbers for a private QR', async () => {
    await renderScanPage(() => ({ status: 403, body: { message: PRIVATE } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRIVATE);
    expectEmergencyNumbersWithout108();
    expect(screen.queryByText('MH12AB1234')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Your location could make a difference' }),
    ).not.toBeInTheDocument();
  });

  it.each([
    [410, 'This scan session has expired. Please rescan the QR code.'],
    [404, 'Scan not found. Please rescan the QR code.'],
    [500, 'An error occurred. Please try again.'],
  ])(
    'answers a %i with the expired-scan text, still listing the numbers',
    async (status, message) => {
      await renderScanPage(() => ({ status, body: { message } }));
      expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
      expect(screen.getByRole('alert').textContent).toBe(LOAD_FAILED);
      expectEmergencyNumbersWithout108();
    },
  );

  it('speaks Hindi', async () => {
    await renderScanPage(() => ({ status: 410, body: { message: 'expired' } }), 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('हम स्कैन की जानकारी लोड नहीं कर सके।');
  });
});
