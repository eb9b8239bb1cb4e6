import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { qrCodeQueryOptions } from '../api/get-qr-code.ts';
import { qrCodeKeys } from '../api/qr-code-keys.ts';
import { LostModeCard } from './lost-mode-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const SINCE = '2025-06-02T10:30:00.000Z';
const kept = makeQr({ type: 'LUGGAGE', id: 'bag-1' });
const lost = (message = '') => ({ ...kept, lost: { message, since: SINCE } });

/** The card as the detail page shows it: fed by the QR query. */
function CardOfQuery() {
  const { data } = useQuery(qrCodeQueryOptions('bag-1'));
  return data ? <LostModeCard qr={data} /> : null;
}

function serve(first: QrCode, then: QrCode = first) {
  let current = first;
  const calls = mockApi({
    'GET /qr-codes/bag-1': () => ({ body: current }),
    'PUT /qr-codes/bag-1/lost': (call) => {
      current = then;
      return { body: { message: (call.body as { message?: string }).message ?? '', since: SINCE } };
    },
    'DELETE /qr-codes/bag-1/lost': () => {
      current = then;
      return { status: 204 };
    },
  });
  return calls;
}

describe('the Lost mode card', () => {
  it('marks the item lost with a message, counting its characters, and refreshes the QR', async () => {
    const calls = serve(kept, lost('Reward offered'));
    const user = userEvent.setup();
    const { queryClient } = await renderApp(<CardOfQuery />);
    const field = await screen.findByRole('textbox', { name: 'Message for the finder' });
    expect(field).toHaveAttribute('maxlength', '300');
    expect(field).toHaveAccessibleDescription('0/300 characters');
    await user.type(field, '  Reward offered ');
    expect(field).toHaveAccessibleDescription('17/300 characters');
    await user.click(screen.getByRole('button', { name: 'Mark as lost' }));

    expect(await screen.findByText(/^Reported lost since /)).toHaveTextContent(
      'Reported lost since 2 Jun 2025',
    );
    expect(screen.getByText('Reward offered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as found' })).toBeEnabled();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/qr-codes/bag-1/lost',
      body: { message: 'Reward offered' },
    });
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(queryClient.getQueryData<QrCode>(qrCodeKeys.detail('bag-1'))?.lost?.since).toBe(SINCE);
  });

  it('sends no message when none is written', async () => {
    const calls = serve(kept, lost());
    const user = userEvent.setup();
    await renderApp(<CardOfQuery />);
    await user.click(await screen.findByRole('button', { name: 'Mark as lost' }));
    await screen.findByRole('button', { name: 'Mark as found' });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({});
    expect(screen.queryByText('Your message to the finder:')).toBeNull();
  });

  it('marks a lost item found and refreshes the QR', async () => {
    const calls = serve(lost('Call me'), kept);
    const user = userEvent.setup();
    await renderApp(<CardOfQuery />);
    expect(await screen.findByText('Call me')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as found' }));
    expect(await screen.findByRole('button', { name: 'Mark as lost' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/qr-codes/bag-1/lost',
    ]);
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it("shows a refusal by the answer's code and stays as it was", async () => {
    mockApi({
      'PUT /qr-codes/bag-1/lost': () => ({
        status: 404,
        body: { code: 'QR_NOT_FOUND', message: 'QR code not found.' },
      }),
    });
    await renderApp(<LostModeCard qr={kept} />, { language: 'hi' });
    fireEvent.click(screen.getByRole('button', { name: 'खोई हुई चिह्नित करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('QR कोड नहीं मिला।');
    expect(screen.getByRole('button', { name: 'खोई हुई चिह्नित करें' })).toBeEnabled();
  });

  it('speaks Hindi while lost', async () => {
    await renderApp(<LostModeCard qr={lost('इनाम')} />, { language: 'hi' });
    expect(screen.getByRole('heading', { name: 'लॉस्ट मोड' })).toBeInTheDocument();
    expect(screen.getByText(/से खोई हुई बताई गई$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मिल गई चिह्नित करें' })).toBeInTheDocument();
  });
});
