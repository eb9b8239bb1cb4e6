import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { makeQr } from '../../test/qr-fixtures.ts';
import { Component } from './qr-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/qr-data/{id}', () => {
  it("shows a lost QR as 'Lost', with its lost mode, guardians and alert channels", async () => {
    const bag = makeQr({
      type: 'LUGGAGE',
      id: 'bag-1',
      lost: { message: 'Reward offered', since: '2025-06-02T10:30:00.000Z' },
    });
    mockApi({
      'GET /qr-codes/bag-1': () => ({ body: bag }),
      'GET /qr-codes/bag-1/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-1/alert-preferences': () => ({ body: { push: true, email: true } }),
    });
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-1' });
    const title = await screen.findByRole('heading', { level: 1, name: 'Blue suitcase' });
    expect(title.parentElement!.parentElement).toHaveTextContent('Lost');

    const lostMode = screen.getByRole('region', { name: 'Lost mode' });
    expect(lostMode).toHaveTextContent('Reported lost since');
    expect(within(lostMode).getByText('Reward offered')).toBeInTheDocument();
    expect(within(lostMode).getByRole('button', { name: 'Mark as found' })).toBeInTheDocument();

    const guardians = screen.getByRole('region', { name: 'Guardians' });
    expect(await within(guardians).findByText('No guardians yet.')).toBeInTheDocument();
    const alerts = screen.getByRole('region', { name: 'Alerts for this QR code' });
    expect(
      await within(alerts).findByRole('switch', { name: 'Push notifications' }),
    ).toHaveAttribute('aria-checked', 'true');
  });
});
