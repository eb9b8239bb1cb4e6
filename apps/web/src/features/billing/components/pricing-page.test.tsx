import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { jsonResponse } from '../../../test/api-mock.ts';
import { PricingPage } from './pricing-page.tsx';

afterEach(() => vi.restoreAllMocks());

const card = (name: string) => screen.getByRole('article', { name });

describe('Pricing page', () => {
  it('offers Basic once, and Premium and Business for the chosen period, to a Free user', async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, { path: '/pricing' });
    expect(within(card('Free')).getByText('₹0')).toBeVisible();
    expect(within(card('Free')).getAllByText('Current Plan').length).toBeGreaterThan(0);

    const basic = card('Basic');
    expect(basic).toHaveTextContent('₹249');
    expect(basic).toHaveTextContent('one-time lifetime');
    expect(basic).toHaveTextContent('Up to 10 QR codes');
    expect(basic).toHaveTextContent('200 scans per QR per month');
    const upgrade = within(basic).getByRole('link', { name: 'Upgrade to Basic' });
    expect(upgrade).toHaveAttribute('href', '/checkout?plan=BASIC');
    expect(upgrade).toHaveTextContent('Upgrade');

    const premium = card('Premium');
    expect(premium).toHaveTextContent('Up to 15 QR codes');
    expect(premium).toHaveTextContent('500 scans per QR per month');
    expect(
      within(premium).getByRole('link', { name: 'Upgrade to Premium (monthly)' }),
    ).toHaveAttribute('href', '/checkout?plan=PREMIUM&period=monthly');
    expect(
      within(card('Business')).getByRole('link', { name: 'Upgrade to Business (monthly)' }),
    ).toHaveAttribute('href', '/checkout?plan=BUSINESS&period=monthly');
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(
      within(premium).getByRole('link', { name: 'Upgrade to Premium (yearly)' }),
    ).toHaveAttribute('href', '/checkout?plan=PREMIUM&period=yearly');
    expect(
      within(card('Business')).getByRole('link', { name: 'Upgrade to Business (yearly)' }),
    ).toHaveAttribute('href', '/checkout?plan=BUSINESS&period=yearly');
    // Buying is real: no plan-wide 'Coming Soon' button any more.
    expect(screen.queryByRole('button', { name: 'Coming Soon' })).toBeNull();
  });

  it("marks no extra 'Coming Soon': branding and the team dashboard are real too", async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, { path: '/pricing' });
    const item = (plan: string, text: string) =>
      within(card(plan)).getByText(text).closest('li') as HTMLElement;
    expect(screen.queryByText('Coming Soon')).toBeNull();
    for (const [plan, feature] of [
      ['Business', 'Custom branding'],
      ['Business', 'Dashboard and team'],
      ['Premium', 'Preferences'],
      ['Premium', 'Masked call bridge'],
      ['Premium', 'Analytics'],
      ['Business', 'Analytics'],
      ['Business', 'Bulk generation'],
    ]) {
      expect(item(plan, feature)).not.toHaveTextContent('Coming Soon');
    }
  });

  it('shows a running Premium plan with its end date and Renew; Basic can still be bought', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/user/me')
          ? jsonResponse({
              email: 'p@example.com',
              emailVerified: true,
              phone: null,
              plan: 'PREMIUM',
              ownedPlan: 'FREE',
              paidPlan: 'PREMIUM',
              paidPeriod: 'YEARLY',
              planExpiresAt: '2027-11-23T06:30:00.000Z',
              groups: ['premium'],
            })
          : jsonResponse([]),
      ),
    );
    await renderApp(<PricingPage renew={vi.fn()} />, {
      path: '/pricing',
      auth: fakeAuth({ groups: ['premium'] }),
    });
    const premium = card('Premium');
    await waitFor(() => expect(premium).toHaveTextContent('Active until 23 November 2027'));
    // The page opens on the period paid for, so Renew offers the same.
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(premium).getByRole('link', {
        name: 'Renew Premium (yearly): the period is added to your end date',
      }),
    ).toHaveAttribute('href', '/checkout?plan=PREMIUM&period=yearly');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(
      within(premium).getByRole('link', {
        name: 'Renew Premium (monthly): the period is added to your end date',
      }),
    ).toHaveAttribute('href', '/checkout?plan=PREMIUM&period=monthly');
    expect(within(card('Basic')).getByRole('link', { name: 'Buy Basic' })).toHaveAttribute(
      'href',
      '/checkout?plan=BASIC',
    );
    expect(card('Basic')).toHaveTextContent('Yours for life: it stays when your paid plan ends.');
    expect(
      within(card('Business')).getByRole('link', { name: 'Upgrade to Business (monthly)' }),
    ).toBeVisible();
    vi.unstubAllGlobals();
  });

  it('offers Basic no more to a Basic user (groups from the token), Premium and Business still', async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, {
      path: '/pricing',
      auth: fakeAuth({ groups: ['basic'] }),
    });
    expect(screen.queryByRole('link', { name: /Basic/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Upgrade/ })).toHaveLength(2);
    expect(within(card('Basic')).getAllByText('Current Plan').length).toBeGreaterThan(0);
    expect(within(card('Free')).getByText('Included in your plan')).toBeVisible();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Your plan: Basic');
  });

  it('switches Premium and Business between monthly and yearly prices, advertising Save 20%', async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, { path: '/pricing' });
    expect(screen.getByText('Save 20%')).toBeVisible();
    expect(card('Premium')).toHaveTextContent('₹99/month');
    expect(card('Business')).toHaveTextContent('₹999/month');
    const yearly = screen.getByRole('button', { name: 'Yearly' });
    expect(yearly).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(yearly);
    expect(yearly).toHaveAttribute('aria-pressed', 'true');
    expect(card('Premium')).toHaveTextContent('₹950/year');
    expect(card('Business')).toHaveTextContent('₹9,590/year');
    expect(card('Basic')).toHaveTextContent('₹249');
  });

  it('renews the token silently on ?refresh=true, then removes the query', async () => {
    let finish!: () => void;
    const renew = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { router } = await renderApp(<PricingPage renew={renew} />, {
      path: '/pricing',
      route: '/pricing?refresh=true',
    });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?refresh=true');
    await act(async () => finish());
    expect(router.state.location.search).toBe('');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it("only logs 'Renew silent failed' when the renewal fails, and still removes the query", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('login_required');
    const renew = vi.fn(() => Promise.reject(failure));
    const { router } = await renderApp(<PricingPage renew={renew} />, {
      path: '/pricing',
      route: '/pricing?refresh=true',
    });
    await act(async () => undefined);
    expect(error).toHaveBeenCalledWith('Renew silent failed', failure);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not renew without the query', async () => {
    const renew = vi.fn(() => Promise.resolve());
    await renderApp(<PricingPage renew={renew} />, { path: '/pricing' });
    expect(renew).not.toHaveBeenCalled();
  });

  it('speaks Hindi', async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, { path: '/pricing', language: 'hi' });
    expect(screen.getByText('20% बचाएँ')).toBeVisible();
    expect(card('प्रीमियम')).toHaveTextContent('₹99/माह');
    fireEvent.click(screen.getByRole('button', { name: 'वार्षिक' }));
    expect(card('प्रीमियम')).toHaveTextContent('₹950/वर्ष');
    expect(
      within(card('प्रीमियम')).getByRole('link', { name: 'प्रीमियम (वार्षिक) में अपग्रेड करें' }),
    ).toHaveAttribute('href', '/checkout?plan=PREMIUM&period=yearly');
    expect(within(card('बिज़नेस')).getByText('कस्टम ब्रांडिंग').closest('li')).not.toHaveTextContent(
      'जल्द आ रहा है',
    );
    expect(screen.queryByText('जल्द आ रहा है')).toBeNull();
  });
});
