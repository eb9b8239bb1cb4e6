import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { DeleteAccount } from './delete-account.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Delete my account'", () => {
  it('asks for the typed word, erases, forgets the sign-in and goes home', async () => {
    const calls = mockApi({ 'DELETE /user/me': () => ({ status: 204 }) });
    const removeUser = vi.fn(async () => undefined);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp(<DeleteAccount />, { auth: { ...fakeAuth(), removeUser } as never });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Payment records stay, without your name');
    const forever = screen.getByRole('button', { name: 'Delete forever' });
    expect(forever).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), {
      target: { value: 'delete' },
    });
    expect(forever).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(forever);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/?account=deleted'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/user/me', body: { confirmation: 'DELETE' } }),
    ]);
    expect(removeUser).toHaveBeenCalled();
  });

  it('keeps the account and says why when the server refuses', async () => {
    mockApi({
      'DELETE /user/me': () => ({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable.' },
      }),
    });
    await renderApp(<DeleteAccount />, { language: 'hi' });
    fireEvent.click(await screen.findByRole('button', { name: 'मेरा खाता हटाएँ' }));
    fireEvent.change(screen.getByLabelText('पुष्टि के लिए DELETE लिखें'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'हमेशा के लिए हटाएँ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'सेवा अभी उपलब्ध नहीं है। कृपया थोड़ी देर में फिर से प्रयास करें।',
    );
  });
});
