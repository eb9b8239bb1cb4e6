import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { jsonResponse } from '../../../test/api-mock.ts';
import { AccountPage } from './account-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const order = (id: string, status: string, createdAt: string) => ({
  merchantOrderId: id,
  planType: 'BASIC',
  orderStatus: status,
  amount: 24_900,
  createdAt,
});

describe('Account page', () => {
  it("shows the e-mail with Verified, 'Not Provided' for no mobile, and 'Free Plan' with 'Upgrade Plan'", async () => {
    await renderApp(<AccountPage />, {
      path: '/account',
      auth: fakeAuth({ profile: { email: 'asha@example.com', email_verified: true } }),
    });
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(panel).toHaveTextContent('asha@example.com');
    expect(within(panel).getByText('Verified')).toHaveAttribute('data-tone', 'green');
    expect(panel).toHaveTextContent('Not Provided');
    expect(screen.getByTestId('account-plan')).toHaveTextContent('Free Plan');
    expect(within(panel).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(panel).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows the mobile number and the group names instead of the Free plan', async () => {
    await renderApp(<AccountPage />, {
      path: '/account',
      auth: fakeAuth({
        profile: { email: 'a@example.com', phone_number: '9876543210' },
        groups: ['basic'],
      }),
    });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('9876543210');
    expect(screen.getByTestId('account-plan')).toHaveTextContent('Basic');
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('shows the plan the server knows, also when the token carries no groups (after a payment, or an external provider)', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/user/me')
        ? jsonResponse({
            email: 'paid@example.com',
            emailVerified: true,
            phone: null,
            plan: 'PREMIUM',
            ownedPlan: 'FREE',
            paidPlan: 'PREMIUM',
            paidPeriod: 'YEARLY',
            planExpiresAt: '2027-11-22T20:00:00.000Z',
            groups: [],
          })
        : jsonResponse([]),
    );
    await renderApp(<AccountPage />, {
      path: '/account',
      auth: fakeAuth({ profile: { email: 'paid@example.com', email_verified: false } }),
    });
    await waitFor(() => expect(screen.getByTestId('account-plan')).toHaveTextContent('Premium'));
    // 20:00 UTC on 22 Nov is 23 Nov 01:30 in India: the date shown is India's.
    expect(screen.getByTestId('plan-expires')).toHaveTextContent('Active until 23 November 2027');
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByText('Verified')).toHaveAttribute('data-tone', 'green');
  });

  it("offers 'Retry payment' for a pending or failed order, to the same plan's checkout", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/user/orders')
        ? jsonResponse([
            order('CC_FAILED', 'FAILED', '2024-01-03T10:00:00.000Z'),
            order('CC_PENDING', 'PENDING', '2024-01-02T10:00:00.000Z'),
            order('CC_DONE', 'COMPLETED', '2024-01-01T10:00:00.000Z'),
          ])
        : jsonResponse({}, 404),
    );
    await renderApp(<AccountPage />, { path: '/account', route: '/account?tab=orders' });
    const failed = await screen.findByRole('link', { name: 'Retry payment for order CC_FAILED' });
    expect(failed).toHaveAttribute('href', '/checkout?plan=BASIC');
    expect(failed).toHaveTextContent('Retry payment');
    expect(screen.getByRole('link', { name: 'Retry payment for order CC_PENDING' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Retry payment for order CC_DONE' })).toBeNull();
  });

  it("offers 'Resend confirmation e-mail' while the address is unconfirmed, and says when it is sent", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/user/verify-email') && init?.method === 'POST') {
        return new Response(null, { status: 204 });
      }
      return jsonResponse({}, 404);
    });
    await renderApp(<AccountPage />, {
      path: '/account',
      auth: fakeAuth({ profile: { email: 'new@example.com', email_verified: false } }),
    });
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(
      await within(panel).findByText('Confirmation e-mail sent. Check your inbox.'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input).endsWith('/user/verify-email') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    await renderApp(<AccountPage />, { path: '/account' });
    const profile = screen.getByRole('tab', { name: 'Profile' });
    const orders = screen.getByRole('tab', { name: 'Order History' });
    expect(profile).toHaveAttribute('aria-selected', 'true');
    expect(profile).toHaveAttribute('tabindex', '0');
    expect(orders).toHaveAttribute('tabindex', '-1');

    profile.focus();
    fireEvent.keyDown(profile, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Order History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Order History' }));
    expect(await screen.findByText('No orders found.')).toBeVisible();

    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Order History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('lists orders newest first with status colours, and sorts by date on demand', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse([
        order('CC_OLD', 'FAILED', '2024-01-01T10:00:00.000Z'),
        order('CC_NEW', 'COMPLETED', '2025-03-01T10:00:00.000Z'),
        order('CC_MID', 'PENDING', '2024-06-01T10:00:00.000Z'),
      ]),
    );
    await renderApp(<AccountPage />, { path: '/account', route: '/account?tab=orders' });
    const table = await screen.findByRole('table');
    const ids = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
    expect(ids()).toEqual(['CC_NEW', 'CC_MID', 'CC_OLD']);
    expect(within(table).getAllByText('₹249')).toHaveLength(3);
    expect(within(table).getByText('COMPLETED')).toHaveAttribute('data-tone', 'green');
    expect(within(table).getByText('PENDING')).toHaveAttribute('data-tone', 'amber');
    expect(within(table).getByText('FAILED')).toHaveAttribute('data-tone', 'red');

    const dateHeader = within(table).getByRole('columnheader', { name: /Date/ });
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await act(async () => fireEvent.click(within(dateHeader).getByRole('button')));
    expect(ids()).toEqual(['CC_OLD', 'CC_MID', 'CC_NEW']);
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');

    expect(screen.getByTestId('orders-scroll').className).toContain('max-h-[420px]');
    expect(screen.getByTestId('orders-scroll').className).toContain('overflow-auto');
  });

  it("shows the server's message when the orders cannot be loaded", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'SIGN_IN_REQUIRED', message: 'Please sign in to continue.' }, 401),
    );
    await renderApp(<AccountPage />, { path: '/account', route: '/account?tab=orders' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to continue.');
  });

  it('shows when a paid plan ended, with Renew Plan, in Hindi', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/user/me')
        ? jsonResponse({
            email: 'lapsed@example.com',
            emailVerified: true,
            phone: null,
            plan: 'BASIC',
            ownedPlan: 'BASIC',
            paidPlan: 'PREMIUM',
            paidPeriod: 'YEARLY',
            planExpiresAt: '2026-02-28T06:30:00.000Z',
            groups: ['basic'],
          })
        : jsonResponse([]),
    );
    await renderApp(<AccountPage />, { path: '/account', language: 'hi' });
    await waitFor(() =>
      expect(screen.getByTestId('plan-expires')).toHaveTextContent(
        'आपका प्रीमियम प्लान 28 फ़रवरी 2026 को समाप्त हो गया।',
      ),
    );
    expect(screen.getByTestId('account-plan')).toHaveTextContent('बेसिक');
    expect(screen.getByRole('link', { name: 'प्लान रिन्यू करें' })).toHaveAttribute('href', '/pricing');
  });

  it('speaks Hindi', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));
    await renderApp(<AccountPage />, {
      path: '/account',
      route: '/account?tab=orders',
      language: 'hi',
    });
    expect(await screen.findByText('कोई ऑर्डर नहीं मिला।')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'ऑर्डर इतिहास' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
