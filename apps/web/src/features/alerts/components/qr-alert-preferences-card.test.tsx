import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { QrAlertPreferencesCard } from './qr-alert-preferences-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("the QR's alert switches", () => {
  it('saves a flipped switch at once', async () => {
    const calls = mockApi({
      'GET /qr-codes/qr-1/alert-preferences': () => ({ body: { push: true, email: false } }),
      'PUT /qr-codes/qr-1/alert-preferences': (call) => ({ body: call.body }),
    });
    const user = userEvent.setup();
    await renderApp(<QrAlertPreferencesCard qrId="qr-1" />);
    const email = await screen.findByRole('switch', { name: 'E-mail' });
    await waitFor(() => expect(email).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(email);
    expect(await screen.findByText('Saved.')).toHaveAttribute('role', 'status');
    expect(email).toHaveAttribute('aria-checked', 'true');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { push: true, email: true },
    ]);
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  });

  it('puts the switch back and says why when saving fails', async () => {
    mockApi({
      'GET /qr-codes/qr-1/alert-preferences': () => ({ body: { push: true, email: false } }),
      'PUT /qr-codes/qr-1/alert-preferences': () => ({
        status: 404,
        body: { code: 'QR_NOT_FOUND', message: 'QR code not found.' },
      }),
    });
    const user = userEvent.setup();
    await renderApp(<QrAlertPreferencesCard qrId="qr-1" />);
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(push).toBeEnabled());
    await user.click(push);
    expect(await screen.findByRole('alert')).toHaveTextContent('QR code not found.');
    expect(push).toHaveAttribute('aria-checked', 'true');
  });

  it('speaks Hindi', async () => {
    mockApi({
      'GET /qr-codes/qr-1/alert-preferences': () => ({ body: { push: false, email: true } }),
    });
    await renderApp(<QrAlertPreferencesCard qrId="qr-1" />, { language: 'hi' });
    expect(await screen.findByRole('heading', { name: 'इस QR कोड के अलर्ट' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'ई-मेल' })).toBeInTheDocument();
  });
});
