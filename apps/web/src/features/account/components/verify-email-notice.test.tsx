import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { VerifyEmailNotice } from './verify-email-notice.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = (emailVerified: boolean) => ({
  email: 'owner@example.com',
  emailVerified,
  phone: null,
  plan: 'FREE',
  ownedPlan: 'FREE',
  paidPlan: null,
  paidPeriod: null,
  planExpiresAt: null,
  groups: [],
});

describe('the dashboard notice about the e-mail address', () => {
  it('asks to confirm an unconfirmed address, with Resend, in Hindi too', async () => {
    stubFetch((call) => (call.path === '/user/me' ? { body: me(false) } : { status: 204 }));
    await renderApp(<VerifyEmailNotice />, { language: 'hi' });
    expect(await screen.findByText('ई-मेल से अलर्ट पाने के लिए अपना पता पुष्टि करें।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'पुष्टि ई-मेल फिर से भेजें' })).toBeInTheDocument();
  });

  it('says nothing once the address is confirmed', async () => {
    const calls = stubFetch(() => ({ body: me(true) }));
    await renderApp(<VerifyEmailNotice />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Confirm your address to get alerts by e-mail.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend confirmation e-mail' })).toBeNull();
  });
});
