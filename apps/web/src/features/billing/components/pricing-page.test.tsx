import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { PricingPage } from './pricing-page.tsx';

afterEach(() => vi.restoreAllMocks());

const card = (name: string) => screen.getByRole('article', { name });

describe('Pricing page', () => {
  it('offers Upgrade to Basic for a Free user and marks Premium and Business Coming Soon', async () => {
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

    for (const name of ['Premium', 'Business']) {
      expect(within(card(name)).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
      expect(within(card(name)).queryByRole('link')).toBeNull();
    }
    expect(screen.getAllByRole('link', { name: /Upgrade/ })).toHaveLength(1);
  });

  it('offers no upgrade to a Basic user (groups from the token)', async () => {
    await renderApp(<PricingPage renew={vi.fn()} />, {
      path: '/pricing',
      auth: fakeAuth({ groups: ['basic'] }),
    });
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
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
    expect(screen.getAllByRole('button', { name: 'जल्द आ रहा है' })).toHaveLength(2);
  });
});
