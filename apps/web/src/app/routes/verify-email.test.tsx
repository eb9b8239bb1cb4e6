import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../test/kit.tsx';
import { Component } from './verify-email.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = (language: 'en' | 'hi' = 'en') =>
  renderApp(null, {
    language,
    auth: fakeAuth({ signedIn: false }),
    route: '/verify-email?token=abcdefghijklmnopqrstuv',
    routes: [{ path: '/verify-email', element: <Component /> }],
  });

describe('/verify-email', () => {
  it('sends the token once, without sign-in, and says the address is confirmed', async () => {
    const calls = stubFetch(() => ({ status: 204 }));
    await open();
    expect(await screen.findByText('Your e-mail address is confirmed.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/user/verify-email/confirm',
      body: { token: 'abcdefghijklmnopqrstuv' },
    });
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('explains an expired or used link, in Hindi too', async () => {
    stubFetch(() => ({ status: 400, body: { code: 'VERIFICATION_LINK_INVALID', message: 'x' } }));
    await open('hi');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह पुष्टि लिंक अमान्य है या समाप्त हो गया है। अपने खाता पेज से नया लिंक मँगाएँ।',
    );
  });
});
