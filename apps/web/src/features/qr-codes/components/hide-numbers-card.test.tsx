import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { HideNumbersCard } from './hide-numbers-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('HideNumbersCard', () => {
  it('on Premium turns hiding on with the full update body', async () => {
    const qr = makeQr({ type: 'VEHICLE', id: 'qr-hide' });
    const calls = mockApi({
      'GET /user/me': () => ({ status: 500 }),
      'PUT /qr-codes/qr-hide': (call) => ({ body: { ...qr, ...(call.body as object) } }),
    });
    await renderApp(<HideNumbersCard qr={qr} />, { auth: fakeAuth({ groups: ['premium'] }) });
    const toggle = screen.getByRole('switch', { name: 'Hide my numbers' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeEnabled();
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Your numbers are now hidden on the scan page.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      type: 'VEHICLE',
      details: qr.details,
      hideNumbers: true,
    });
  });

  it('on Free says which plans have it and links to them; the switch is off and disabled', async () => {
    mockApi({ 'GET /user/me': () => ({ status: 500 }) });
    await renderApp(<HideNumbersCard qr={makeQr({ type: 'VEHICLE' })} />, {
      auth: fakeAuth(),
      language: 'hi',
    });
    expect(screen.getByRole('switch', { name: 'मेरे नंबर छिपाएँ' })).toBeDisabled();
    expect(screen.getByText('प्रीमियम और बिज़नेस प्लान में उपलब्ध।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'प्लान देखें' })).toHaveAttribute('href', '/pricing');
  });

  it("on an organisation's code follows the organisation (Business), whatever the admin's own plan", async () => {
    mockApi({ 'GET /user/me': () => ({ status: 500 }) });
    const qr = {
      ...makeQr({ type: 'VEHICLE' }),
      organizationId: 'org-fleet',
      role: 'admin' as const,
    };
    await renderApp(<HideNumbersCard qr={qr} />, { auth: fakeAuth() });
    expect(screen.getByRole('switch', { name: 'Hide my numbers' })).toBeEnabled();
    expect(screen.queryByText('Available on the Premium and Business plans.')).toBeNull();
  });
});
