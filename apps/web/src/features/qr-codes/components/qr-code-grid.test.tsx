import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrCodeKeys } from '../api/qr-code-keys.ts';
import { renderApp } from '../../../test/kit.tsx';
import { mockApi } from '../../../test/api-mock.ts';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { QrCodeGrid } from './qr-code-grid.tsx';

afterEach(() => vi.unstubAllGlobals());

const luggage = makeQr({ type: 'LUGGAGE', id: 'luggage-id' });
const vehicle = makeQr({ type: 'VEHICLE', id: 'vehicle-id', status: 'DISABLED' });

async function renderGrid(list: QrCode[]) {
  const calls = mockApi({
    'GET /qr-codes/': () => ({ body: list }),
    'PUT /qr-codes/luggage-id/private': () => ({ body: { ...luggage, public: false } }),
    'PUT /qr-codes/vehicle-id/private': () => ({ body: { ...vehicle, public: false } }),
  });
  const rendered = await renderApp(<QrCodeGrid />);
  return { calls, ...rendered };
}

describe('QrCodeGrid', () => {
  it('shows the loading wrapper, then a tile per QR with kind, name, status and link', async () => {
    renderGrid([luggage, vehicle]);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('(If taking time, Try refreshing from Browser)')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Blue suitcase' });
    expect(link).toHaveAttribute('href', '/qr-data/luggage-id');
    expect(screen.getByRole('link', { name: 'KA01AB1234' })).toHaveAttribute(
      'href',
      '/qr-data/vehicle-id',
    );
    expect(screen.getByText('Luggage')).toBeInTheDocument();
    expect(screen.getByText('Vehicle Contact')).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Assigned')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByLabelText('Status: Disabled')).toHaveAttribute('data-tone', 'red');
  });

  it('shows the empty state', async () => {
    renderGrid([]);
    expect(await screen.findByText('No QR codes created yet')).toBeInTheDocument();
    expect(screen.getByText('Click "Create New QR" to get started')).toBeInTheDocument();
  });

  it("shows the 'Error' view with the answer's sentence when loading fails", async () => {
    mockApi({
      'GET /qr-codes/': () => ({
        status: 503,
        body: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is not available right now. Please try again shortly.',
        },
      }),
    });
    await renderApp(<QrCodeGrid />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText('The service is not available right now. Please try again shortly.'),
    ).toBeInTheDocument();
  });

  it('Cancel clears the pending toggle and sends nothing', async () => {
    const { calls } = await renderGrid([luggage, vehicle]);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Public: KA01AB1234' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Make this QR code private?' });
    expect(dialog).toHaveTextContent('access-restricted message');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // Escape also cancels.
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('Confirm sends the toggle call and shows the new state', async () => {
    const { calls, queryClient } = await renderGrid([luggage, vehicle]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Public: Blue suitcase' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Public: Blue suitcase' })).toHaveAttribute(
        'aria-checked',
        'false',
      ),
    );
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/qr-codes/luggage-id/private',
    ]);
    expect(await screen.findByText('The QR code is now private.')).toBeInTheDocument();
    expect(queryClient.getQueryData<QrCode>(qrCodeKeys.detail('luggage-id'))?.public).toBe(false);
    expect(screen.getByRole('switch', { name: 'Public: KA01AB1234' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('asks "Make this QR code public?" for a private QR', async () => {
    const { calls } = await renderGrid([{ ...luggage, public: false }]);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Public: Blue suitcase' });
    expect(toggle).toHaveTextContent('Private');
    await user.click(toggle);
    expect(screen.getByRole('dialog', { name: 'Make this QR code public?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("'Print sheet': tick codes, choose theme and size, download the PDF of exactly those", async () => {
    const third = makeQr({ type: 'PERSON', id: 'third-id' });
    const calls = mockApi({
      'GET /qr-codes/': () => ({ body: [luggage, vehicle, third] }),
      'POST /qr-codes/sheet.pdf': () =>
        new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:sheet');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await renderApp(<QrCodeGrid />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print sheet' }));
    const region = screen.getByRole('region', { name: 'Print sheet of selected codes' });
    expect(region).toHaveTextContent('0 codes selected');
    expect(region).toHaveTextContent('Tick the codes to print, then choose a theme and size.');
    await user.click(
      screen.getByRole('checkbox', { name: 'Select Blue suitcase for the print sheet' }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Select KA01AB1234 for the print sheet' }),
    );
    expect(region).toHaveTextContent('2 codes selected');
    await user.selectOptions(within(region).getByLabelText('Theme'), 'classic-white');
    await user.selectOptions(within(region).getByLabelText('Size'), 'small');
    await user.click(within(region).getByRole('button', { name: 'Download PDF (2 codes)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ids: ['luggage-id', 'vehicle-id'],
      theme: 'classic-white',
      size: 'small',
    });
    expect(await screen.findByText('Sheet with 2 codes downloaded')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
