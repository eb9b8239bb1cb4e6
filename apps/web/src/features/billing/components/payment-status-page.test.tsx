import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentStatusRoute } from './billing-routes.tsx';
import { renderApp } from '../../../test/kit.tsx';
import { jsonResponse } from '../../../test/api-mock.ts';
import { PaymentStatusPage } from './payment-status-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** Answers the status call with these states in turn (the last one repeats). */
function answerStates(...states: string[]) {
  let call = 0;
  fetchMock.mockImplementation(async () =>
    jsonResponse({ state: states[Math.min(call++, states.length - 1)] }),
  );
}

async function renderStatus(id = 'CC1_abc') {
  const rendered = await renderApp(<PaymentStatusPage merchantOrderId={id} />, {
    path: '/payment-status',
    route: `/payment-status?merchantOrderId=${id}`,
  });
  return rendered;
}

const message = () => screen.getByRole('status');
const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));

describe('Payment status page', () => {
  it("shows 'Checking your payment status...' (pending) before any status, without a countdown", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    await renderStatus();
    expect(message()).toHaveTextContent('Checking your payment status...');
    expect(screen.getByTestId('payment-status')).toHaveAttribute('data-kind', 'pending');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByText('Pricing page')).toBeNull();
  });

  it.each([
    ['COMPLETED', 'Payment successful! Redirecting...', 'success'],
    ['FAILED', 'Payment failed. Redirecting back to try again...', 'error'],
    ['PENDING', 'Payment is still pending. Please wait...', 'pending'],
    ['REFUNDED', 'Unknown payment status. Please contact support.', 'other'],
  ])(
    '%s shows %j (%s), counts down 5 s, then goes to /pricing?refresh=true',
    async (state, text, kind) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      answerStates(state);
      const { router } = await renderStatus();
      await flush();
      expect(message()).toHaveTextContent(text);
      expect(screen.getByTestId('payment-status')).toHaveAttribute('data-kind', kind);

      const bar = screen.getByRole('progressbar', { name: 'Time until redirect' });
      expect(bar).toHaveAttribute('aria-valuemax', '5');
      expect(bar).toHaveAttribute('aria-valuenow', '0');
      expect(bar).toHaveAttribute('aria-valuetext', 'Redirecting in 5 seconds...');

      await act(async () => vi.advanceTimersByTimeAsync(3000));
      expect(bar).toHaveAttribute('aria-valuenow', '3');
      expect(screen.getByText('Redirecting in 2 seconds...')).toBeInTheDocument();

      await act(async () => vi.advanceTimersByTimeAsync(1999));
      expect(screen.queryByText('Pricing page')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByText('Pricing page')).toBeInTheDocument();
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/pricing?refresh=true',
      );
    },
  );

  it('asks again every 2 s while PENDING, and the countdown does not restart on a change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    answerStates('PENDING', 'PENDING', 'COMPLETED');
    const { router } = await renderStatus();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(message()).toHaveTextContent('Payment is still pending. Please wait...');
    expect(String(fetchMock.mock.calls[0][0])).toMatch(
      /\/api\/payment\/fetch-order-status\/CC1_abc$/,
    );

    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(message()).toHaveTextContent('Payment successful! Redirecting...');

    // Settled: no more polling; the redirect still comes 5 s after the first status.
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/payment-status');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?refresh=true');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads orderStatus when the answer has no state', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fetchMock.mockResolvedValue(jsonResponse({ orderStatus: 'COMPLETED' }));
    await renderStatus();
    await flush();
    expect(message()).toHaveTextContent('Payment successful! Redirecting...');
  });

  it('treats a failed status call as unknown, shows why, and still redirects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'ORDER_NOT_FOUND', message: 'Order not found.' }, 404),
    );
    const { router } = await renderStatus();
    await flush();
    expect(message()).toHaveTextContent('Unknown payment status. Please contact support.');
    expect(screen.getByText('Order not found.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it.each([
    ['FAILED', true],
    ['PENDING', true],
    ['COMPLETED', false],
  ])("a %s order offers 'Retry payment': %s", async (state, offered) => {
    fetchMock.mockImplementation(async () => jsonResponse({ state, planType: 'BASIC' }));
    await renderStatus();
    await screen.findByTestId('payment-status');
    await vi.waitFor(() => expect(message()).not.toHaveTextContent('Checking'));
    const retry = screen.queryByRole('link', { name: 'Retry payment' });
    if (offered) expect(retry).toHaveAttribute('href', '/checkout?plan=BASIC');
    else expect(retry).toBeNull();
  });

  it('speaks Hindi', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ state: 'COMPLETED' }));
    await renderApp(<PaymentStatusPage merchantOrderId="CC1" />, {
      path: '/payment-status',
      language: 'hi',
    });
    expect(await screen.findByText('भुगतान सफल रहा! आगे ले जाया जा रहा है...')).toBeVisible();
  });
});

describe('/payment-status route', () => {
  it('goes to /pricing without an order id', async () => {
    const { router } = await renderApp(<PaymentStatusRoute />, { path: '/payment-status' });
    expect(await screen.findByText('Pricing page')).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
