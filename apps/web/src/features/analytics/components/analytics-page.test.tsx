import type { Analytics } from '@carecode/domain/analytics/analytics.schema';
import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { AnalyticsPage } from './analytics-page.tsx';

beforeEach(() => {
  // 18:45 UTC on 3 March is already 4 March in India: the presets end on India's today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-03T18:45:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const hours = Array(24).fill(0);
hours[0] = 2;
hours[12] = 1;
hours[17] = 1;
hours[23] = 1;

const analytics = (overrides: Partial<Analytics> = {}): Analytics => ({
  from: '2026-02-03',
  to: '2026-03-04',
  granularity: 'day',
  timeZone: 'Asia/Kolkata',
  qrId: null,
  totals: {
    scans: 5,
    located: 2,
    locatedShare: 0.4,
    codes: 3,
    calls: 2,
    connectedCalls: 1,
    messages: 1,
    replies: 1,
  },
  series: [
    { start: '2026-03-01', end: '2026-03-01', scans: 3 },
    { start: '2026-03-02', end: '2026-03-02', scans: 1 },
    { start: '2026-03-03', end: '2026-03-03', scans: 1 },
  ],
  byKind: [
    { type: 'CHILD', scans: 2 },
    { type: 'VEHICLE', scans: 2 },
    { type: 'LUGGAGE', scans: 1 },
  ],
  byQr: {
    items: [
      { qrId: 'qr-a', type: 'CHILD', name: 'Asha Verma', scans: 2 },
      { qrId: 'qr-b', type: 'VEHICLE', name: 'MH12AB1234', scans: 2 },
      { qrId: 'qr-c', type: 'LUGGAGE', name: 'Blue suitcase', scans: 1 },
    ],
    others: 0,
  },
  byDevice: [
    { deviceType: 'mobile', scans: 2 },
    { deviceType: 'desktop', scans: 1 },
    { deviceType: 'tablet', scans: 1 },
    { deviceType: 'unknown', scans: 1 },
  ],
  byOs: [
    { os: 'Android', scans: 2 },
    { os: 'iOS', scans: 1 },
    { os: 'unknown', scans: 1 },
    { os: 'Windows', scans: 1 },
  ],
  byHour: hours,
  ...overrides,
});

const premium = fakeAuth({ groups: ['premium'] });

const codes: QrCode[] = [
  {
    id: 'qr-a',
    type: 'CHILD',
    status: 'ASSIGNED',
    public: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    scanCount: 2,
    details: {
      fullName: 'Asha Verma',
      schoolContact: { name: 'Office', phoneNumber: '9876543210' },
      emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
      medicalDetails: { bloodGroup: 'O_POSITIVE' },
    },
  },
];

function setup(answer: () => { status?: number; body?: unknown } = () => ({ body: analytics() })) {
  return mockApi({
    'GET /user/me': () => ({ status: 500 }),
    'GET /analytics': answer,
  });
}

const figure = (name: string) => screen.getByRole('figure', { name });
const tableRows = (name: string) =>
  within(figure(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('AnalyticsPage', () => {
  it('on Premium asks for the last 30 India days and shows every number, each chart with its text', async () => {
    const calls = setup();
    await renderApp(<AnalyticsPage />, { auth: premium });
    expect(await screen.findByRole('heading', { name: 'Scans over time' })).toBeInTheDocument();
    const request = calls.find((call) => call.path === '/analytics')!;
    expect(new URL(request.url).search).toBe('?from=2026-02-03&to=2026-03-04&granularity=day');

    expect(screen.getByTestId('total-scans')).toHaveTextContent('Scans53 QR codes scanned');
    expect(screen.getByTestId('total-located')).toHaveTextContent(
      'Shared a location40%2 scans (40%)',
    );
    expect(screen.getByTestId('total-calls')).toHaveTextContent('Calls21 connected');
    expect(screen.getByTestId('total-messages')).toHaveTextContent(
      'Messages from finders11 reply from you',
    );
    expect(
      screen.getByText('5 scans from 3 Feb 2026 to 4 Mar 2026. Busiest: 1 Mar 2026, with 3 scans.'),
    ).toBeInTheDocument();
    expect(tableRows('Scans over time')).toEqual(['1 Mar 20263', '2 Mar 20261', '3 Mar 20261']);
    expect(tableRows('Scans by kind of QR code')).toEqual([
      'Child Safety2',
      'Vehicle Contact2',
      'Luggage1',
    ]);
    expect(
      within(figure('Scans by QR code')).getByText('Most scans: Asha Verma, 2 of 5.'),
    ).toBeInTheDocument();
    expect(tableRows('Scans by device')).toEqual(['Phone2', 'Computer1', 'Tablet1', 'Unknown1']);
    expect(tableRows('Scans by operating system')).toEqual([
      'Android2',
      'iOS1',
      'Unknown1',
      'Windows1',
    ]);
    const byHour = tableRows('Scans by hour of day (IST)');
    expect(byHour).toHaveLength(24);
    expect(byHour[0]).toBe('00:00–00:592');
    expect(byHour[23]).toBe('23:00–23:591');
    expect(screen.getByText('Busiest hour: 00:00–00:59, with 2 scans.')).toBeInTheDocument();
    expect(screen.queryByText('Available on Premium and Business')).toBeNull();
  });

  it('narrows the numbers to one QR code picked by its name, and back to all', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await renderApp(<AnalyticsPage codes={codes} />, { auth: premium });
    await screen.findByRole('heading', { name: 'Scans over time' });
    const picker = screen.getByLabelText('QR code');
    await screen.findByRole('option', { name: 'Asha Verma' });
    await user.selectOptions(picker, 'Asha Verma');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/analytics').map((call) => new URL(call.url).search),
      ).toContain('?from=2026-02-03&to=2026-03-04&granularity=day&qrId=qr-a'),
    );
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(new URL(calls.filter((call) => call.path === '/analytics').at(-1)!.url).search).toBe(
        '?from=2026-02-26&to=2026-03-04&granularity=day&qrId=qr-a',
      ),
    );
    await user.selectOptions(picker, 'All QR codes');
    await waitFor(() =>
      expect(new URL(calls.filter((call) => call.path === '/analytics').at(-1)!.url).search).toBe(
        '?from=2026-02-26&to=2026-03-04&granularity=day',
      ),
    );
  });

  it('asks again for another period, granularity, and a custom period checked first', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await renderApp(<AnalyticsPage />, { auth: premium });
    await screen.findByRole('heading', { name: 'Scans over time' });
    await user.click(screen.getByRole('radio', { name: 'Last 12 months' }));
    await user.selectOptions(screen.getByLabelText('Scans by'), 'week');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(
      await screen.findByText('The end date must be on or after the start date'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/analytics').map((c) => new URL(c.url).search),
      ).toEqual([
        '?from=2026-02-03&to=2026-03-04&granularity=day',
        '?from=2025-03-05&to=2026-03-04&granularity=month',
        '?from=2025-03-05&to=2026-03-04&granularity=week',
        '?from=2026-01-01&to=2026-03-01&granularity=week',
      ]),
    );
  });

  it('on Free shows a locked preview over sample numbers and asks for no data', async () => {
    const calls = setup();
    await renderApp(<AnalyticsPage />, { auth: fakeAuth(), path: '/analytics' });
    expect(
      await screen.findByRole('heading', { name: 'Available on Premium and Business' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Premium and Business' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByTestId('analytics-sample')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('figure')).toBeNull();
    expect(calls.some((call) => call.path === '/analytics')).toBe(false);
  });

  it('shows the locked preview when the server says the plan has no analytics', async () => {
    setup(() => ({
      status: 403,
      body: { code: 'ANALYTICS_PLAN', message: 'Analytics needs the Premium or Business plan.' },
    }));
    await renderApp(<AnalyticsPage />, { auth: premium });
    expect(
      await screen.findByRole('heading', { name: 'Available on Premium and Business' }),
    ).toBeInTheDocument();
  });

  it('says when the period has no scans', async () => {
    const empty = analytics({
      totals: { ...analytics().totals, scans: 0, located: 0, locatedShare: 0, codes: 0 },
    });
    setup(() => ({ body: empty }));
    await renderApp(<AnalyticsPage />, { auth: premium });
    expect(
      await screen.findByRole('heading', { name: 'No scans in this period' }),
    ).toBeInTheDocument();
  });

  it('shows an error the server gives', async () => {
    setup(() => ({ status: 500, body: { code: 'INTERNAL', message: 'An error occurred.' } }));
    await renderApp(<AnalyticsPage />, { auth: premium });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });

  it('speaks Hindi', async () => {
    setup();
    await renderApp(<AnalyticsPage />, { auth: premium, language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'समय के साथ स्कैन' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'विश्लेषण' })).toBeInTheDocument();
    expect(tableRows('डिवाइस के अनुसार स्कैन')).toEqual(['फ़ोन2', 'कंप्यूटर1', 'टैबलेट1', 'अज्ञात1']);
    expect(screen.getByRole('radio', { name: 'पिछले 12 महीने' })).toBeInTheDocument();
    expect(screen.getByText('सबसे व्यस्त घंटा: 00:00–00:59, 2 स्कैन।')).toBeInTheDocument();
  });

  it('shows the locked preview in Hindi for Basic', async () => {
    setup();
    await renderApp(<AnalyticsPage />, { auth: fakeAuth({ groups: ['basic'] }), language: 'hi' });
    expect(
      await screen.findByRole('heading', { name: 'प्रीमियम और बिज़नेस पर उपलब्ध' }),
    ).toBeInTheDocument();
  });
});
