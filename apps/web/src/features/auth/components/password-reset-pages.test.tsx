import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());
const signedOut = fakeAuth({ signedIn: false });

describe('forgot password', () => {
  it("the sign-in form links to 'Forgot password?'", async () => {
    await renderApp(<LoginForm onSubmit={vi.fn()} />, { auth: signedOut });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends the address without sign-in and gives the same answer whatever it is', async () => {
    const calls = stubFetch(() => ({ status: 204 }));
    const user = userEvent.setup();
    await renderApp(<ForgotPasswordPage />, { auth: signedOut });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for this address, we have sent it a link to reset the password. The link expires in 30 minutes.',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/user/password-reset',
      body: { email: 'asha@example.com' },
    });
  });

  it('sets the new password with the token, checking it as registration does, in Hindi too', async () => {
    const calls = stubFetch(() => ({ status: 204 }));
    const user = userEvent.setup();
    await renderApp(<ResetPasswordPage token="abcdefghijklmnopqrstuv" />, {
      auth: signedOut,
      language: 'hi',
    });
    await user.type(screen.getByLabelText('नया पासवर्ड'), 'new-pass-456');
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'new-pass-999');
    await user.click(screen.getByRole('button', { name: 'नया पासवर्ड सेट करें' }));
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('पासवर्ड की पुष्टि करें'));
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'new-pass-456');
    await user.click(screen.getByRole('button', { name: 'नया पासवर्ड सेट करें' }));
    expect(
      await screen.findByText('आपका पासवर्ड बदल दिया गया है। नए पासवर्ड से साइन इन करें।'),
    ).toBeInTheDocument();
    expect(calls[0].body).toEqual({
      token: 'abcdefghijklmnopqrstuv',
      password: 'new-pass-456',
      confirmPassword: 'new-pass-456',
    });
  });

  it('explains an expired link', async () => {
    stubFetch(() => ({ status: 400, body: { code: 'RESET_LINK_INVALID', message: 'x' } }));
    const user = userEvent.setup();
    await renderApp(<ResetPasswordPage token="abcdefghijklmnopqrstuv" />, { auth: signedOut });
    await user.type(screen.getByLabelText('New password'), 'new-pass-456');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-pass-456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Ask for a new one.',
    );
  });
});
