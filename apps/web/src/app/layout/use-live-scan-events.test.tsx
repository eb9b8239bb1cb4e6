import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScanHistoryTable } from '../../features/scans/components/scan-history-table.tsx';
import { type FetchCall, stubFetch } from '../../test/api-mock.ts';
import { eventStream } from '../../test/event-stream.ts';
import { fakeAuth, renderApp } from '../../test/kit.tsx';
import { RequireAuth } from './require-auth.tsx';
import { historyCalls, page, QR_A, scan } from '../../test/scan-fixtures.ts';

vi.mock('../../lib/auth.ts', () => ({ getAccessToken: async () => 'token-1' }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The dashboard's history inside the signed-in layout, which follows the live scan events. */
async function renderTable(
  answer: (call: FetchCall) => { status?: number; body?: unknown } | Response,
) {
  const calls = stubFetch(answer);
  const view = await renderApp(null, {
    auth: fakeAuth(),
    routes: [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard', element: <ScanHistoryTable /> }],
      },
    ],
    route: '/dashboard',
  });
  return { ...view, calls };
}

describe('the signed-in layout follows live scans once for the whole app', () => {
  it('opens one event stream, not one a table', async () => {
    const stream = eventStream();
    const { calls } = await renderTable((call) =>
      call.url.endsWith('/scans/events') ? stream.response() : { body: page([]) },
    );
    await screen.findByText(/No scans yet/);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/scans/events'))).toHaveLength(1),
    );
  });

  it('updates live: a new scan refreshes the table and raises a toast naming the QR; a location adds its map link', async () => {
    const stream = eventStream();
    let served = 0;
    const { calls, queryClient } = await renderTable((call) => {
      if (call.url.endsWith('/scans/events')) return stream.response();
      served += 1;
      if (served === 1) return { body: page([]) };
      if (served === 2) return { body: page([scan(1)]) };
      return {
        body: page([scan(1, QR_A, { latitude: 19.076, longitude: 72.8777, gpsEnabled: true })]),
      };
    });
    expect(await screen.findByText(/No scans yet/)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/scans/events'))).toBe(true),
    );
    const eventsCall = calls.find((call) => call.url.endsWith('/scans/events'))!;
    expect(eventsCall.headers.authorization).toBe('Bearer token-1');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    stream.send('ready', {});
    stream.send('scan', {
      scanId: 'scan-1',
      qrId: QR_A,
      qrName: 'Meera Iyer',
      scanTimestamp: scan(1).scanTimestamp,
      deviceInfo: scan(1).deviceInfo,
    });
    expect(await screen.findByText('New scan: Meera Iyer')).toBeInTheDocument();
    expect(await screen.findByText('AbCdEfGh')).toBeInTheDocument();
    // The QR codes (their scan-count badges) refresh too.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['qr-codes'] });
    stream.send('location', { scanId: 'scan-1', qrId: QR_A, latitude: 19.076, longitude: 72.8777 });
    expect(await screen.findByRole('link', { name: 'View on map' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=19.076,72.8777',
    );
  });

  it('refreshes once for a burst of scans, with a toast for each', async () => {
    const stream = eventStream();
    const { calls } = await renderTable((call) =>
      call.url.endsWith('/scans/events') ? stream.response() : { body: page([]) },
    );
    await screen.findByText(/No scans yet/);
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/scans/events'))).toBe(true),
    );
    stream.send('ready', {});
    for (const name of ['Asha', 'Ravi', 'Meera']) {
      stream.send('scan', {
        scanId: `scan-${name}`,
        qrId: QR_A,
        qrName: name,
        scanTimestamp: scan(1).scanTimestamp,
        deviceInfo: {},
      });
    }
    // Scans of one code that arrived together: one event, one toast with their count.
    stream.send('scan', {
      scanId: 'scan-bag',
      qrId: QR_A,
      qrName: 'School bag',
      scanTimestamp: scan(1).scanTimestamp,
      deviceInfo: {},
      count: 4,
    });
    for (const name of ['Asha', 'Ravi', 'Meera']) {
      expect(await screen.findByText(`New scan: ${name}`)).toBeInTheDocument();
    }
    expect(await screen.findByText('4 new scans: School bag')).toBeInTheDocument();
    await vi.waitFor(() => expect(historyCalls(calls)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(historyCalls(calls)).toHaveLength(2);
  });
});
