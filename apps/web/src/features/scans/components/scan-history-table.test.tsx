import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { type FetchCall, stubFetch } from '../../../test/api-mock.ts';
import { ScanHistoryTable, SEARCH_DEBOUNCE_MS } from './scan-history-table.tsx';
import { historyCalls, page, QR_A, QR_B, scan } from '../../../test/scan-fixtures.ts';

vi.mock('../../../lib/auth.ts', () => ({ getAccessToken: async () => 'token-1' }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderTable(
  answer: (call: FetchCall) => { status?: number; body?: unknown } | Response,
  props: Parameters<typeof ScanHistoryTable>[0] = {},
  language: 'en' | 'hi' = 'en',
) {
  const calls = stubFetch(answer);
  const view = await renderApp(<ScanHistoryTable {...props} />, {
    language,
    auth: fakeAuth(),
    routes: [
      { path: '/dashboard', element: <ScanHistoryTable {...props} /> },
      { path: '/qr-data/:id', element: <p>QR page</p> },
    ],
    route: '/dashboard',
  });
  return { ...view, calls };
}

describe('ScanHistoryTable', () => {
  it('lists scans with 8-character QR IDs, time, device and a map link when shared', async () => {
    const { calls } = await renderTable(() => ({
      body: page(
        [scan(2, QR_A, { latitude: 28.6139, longitude: 77.209, gpsEnabled: true }), scan(1, QR_B)],
        2,
      ),
    }));
    const table = await screen.findByRole('table');
    expect(historyCalls(calls)).toEqual([
      'http://localhost:3000/api/scans/?page=1&pageSize=5&sort=desc',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Open QR AbCdEfGh' })).toHaveAttribute(
      'href',
      `/qr-data/${QR_A}`,
    );
    expect(first.getByText('AbCdEfGh')).toBeInTheDocument();
    expect(first.queryByText(QR_A)).not.toBeInTheDocument();
    expect(first.getByText('Chrome on Android · Mobile')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View on map' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=28.6139,77.209',
    );
    expect(rows[0].querySelector('time')).toHaveAttribute('datetime', scan(2).scanTimestamp);
    expect(within(rows[1]).getByText('Not shared')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('link', { name: 'View on map' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 2 scans')).toBeInTheDocument();
  });

  it('erases a shared location after asking, and shows the history without it', async () => {
    const located = scan(2, QR_A, { latitude: 28.6139, longitude: 77.209, gpsEnabled: true });
    let erased = false;
    const { calls } = await renderTable((call) => {
      if (call.method === 'DELETE') {
        erased = true;
        return { status: 204 };
      }
      return { body: page([erased ? { ...located, location: null } : located], 1) };
    });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    const erase = within(row).getByRole('button', { name: /^Erase the location shared at / });
    fireEvent.click(erase);
    // Asked first; nothing erased yet, and the row did not open the QR page.
    expect(within(row).getByRole('group', { name: 'Erase this location for good?' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(within(row).queryByRole('group')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: /^Erase the location shared at / }));
    fireEvent.click(within(row).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('Location erased.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByText('Not shared')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/scans/${located.scanId}/location`,
    ]);
    expect(screen.queryByText('QR page')).not.toBeInTheDocument();
  });

  it('opens the QR page when a row is clicked', async () => {
    await renderTable(() => ({ body: page([scan(1, QR_B)]) }));
    const cell = await screen.findByText('Chrome on Android · Mobile');
    fireEvent.click(cell);
    expect(await screen.findByText('QR page')).toBeInTheDocument();
  });

  it('pages 5 at a time on the server', async () => {
    const { calls } = await renderTable((call) => {
      const pageNo = Number(new URL(call.url).searchParams.get('page'));
      return { body: page([scan(pageNo)], 12, pageNo) };
    });
    expect(await screen.findByText('Page 1 of 3 · 12 scans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 12 scans')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3 · 12 scans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(historyCalls(calls)).toEqual([
      'http://localhost:3000/api/scans/?page=1&pageSize=5&sort=desc',
      'http://localhost:3000/api/scans/?page=2&pageSize=5&sort=desc',
      'http://localhost:3000/api/scans/?page=3&pageSize=5&sort=desc',
    ]);
  });

  it('keeps paging past a capped total of 10,000 while pages are full', async () => {
    await renderTable((call) => {
      const pageNo = Number(new URL(call.url).searchParams.get('page'));
      return {
        body: {
          ...page(
            [1, 2, 3, 4, 5].map((n) => scan(n)),
            10_000,
            pageNo,
          ),
          isTotalCapped: true,
        },
      };
    });
    expect(await screen.findByText('Page 1 · more than 10,000 scans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('sorts by time, newest first by default, and says so to screen readers', async () => {
    const { calls } = await renderTable(() => ({ body: page([scan(1)]) }));
    const header = await screen.findByRole('columnheader', { name: /Scanned at/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(header).getByRole('button'));
    await vi.waitFor(() =>
      expect(historyCalls(calls)).toContain(
        'http://localhost:3000/api/scans/?page=1&pageSize=5&sort=asc',
      ),
    );
    expect(screen.getByRole('columnheader', { name: /Scanned at/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('searches by QR ID or device after typing stops, from page 1', async () => {
    const { calls } = await renderTable((call) => {
      const q = new URL(call.url).searchParams.get('q');
      return { body: q ? page([]) : page([scan(1)], 6) };
    });
    await screen.findByText('Page 1 of 2 · 6 scans');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2 · 6 scans');
    fireEvent.change(screen.getByLabelText('Search by QR ID or device'), {
      target: { value: ' iphone ' },
    });
    // Nothing is asked while typing goes on (debounced by SEARCH_DEBOUNCE_MS).
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 3));
    expect(historyCalls(calls).some((url) => url.includes('q='))).toBe(false);
    expect(await screen.findByText('No scans match your search.')).toBeInTheDocument();
    expect(historyCalls(calls).at(-1)).toBe(
      'http://localhost:3000/api/scans/?page=1&pageSize=5&q=iphone&sort=desc',
    );
  });

  it('reads one QR’s history from /qr-codes/{id}/scans', async () => {
    const { calls } = await renderTable(() => ({ body: page([]) }), { qrId: QR_A });
    expect(await screen.findByText(/No scans yet/)).toBeInTheDocument();
    expect(historyCalls(calls)).toEqual([
      `http://localhost:3000/api/qr-codes/${QR_A}/scans?page=1&pageSize=5&sort=desc`,
    ]);
  });

  it('shows the error view with the server’s sentence, in Hindi too', async () => {
    const answer = () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'An error occurred. Please try again.' },
    });
    const view = await renderTable(answer);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('An error occurred. Please try again.');
    view.unmount();
    await renderTable(answer, {}, 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('एक त्रुटि हुई। कृपया पुनः प्रयास करें।');
  });

  it('shows the spec’s fallback when the answer carries no code (a proxy’s page)', async () => {
    await renderTable(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while loading scan data.',
    );
  });
});
