import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutRoute } from './billing-routes.tsx';
import { renderApp } from '../../../test/kit.tsx';
import { jsonResponse } from '../../../test/api-mock.ts';
import { CheckoutPage } from './checkout-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const alertMock = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window, 'alert').mockImplementation(alertMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  alertMock.mockReset();
});

/** A fetch that never answers until aborted (like a gateway that hangs). */
const hangingFetch = (_url: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

async function renderCheckout(redirect = vi.fn()) {
  await renderApp(<CheckoutPage plan="BASIC" redirect={redirect} />, { path: '/checkout' });
  vi.useFakeTimers();
  return { redirect, button: screen.getByRole('button', { name: 'Proceed to Payment' }) };
}

describe('Checkout page', () => {
  it("shows 'Confirm Your Plan' and the summary: name, description and ₹249", async () => {
    await renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm Your Plan' })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Basic');
    expect(summary).toHaveTextContent(
      'Pay once, protected for life: more QR codes and far more scans.',
    );
    expect(summary).toHaveTextContent('₹249');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  it('posts the plan, then sends the browser to the redirect URL', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ redirectUrl: 'https://pay.example/checkout/1', merchantOrderId: 'CC1' }),
    );
    const { redirect, button } = await renderCheckout();
    await act(async () => fireEvent.click(button));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/api\/payment\/create-order$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ planType: 'BASIC' });
    expect(redirect).toHaveBeenCalledWith('https://pay.example/checkout/1');
    // While the browser leaves, the button stays disabled.
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('also reads paymentRedirectUrl', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ paymentRedirectUrl: 'https://pay.example/2' }));
    const { redirect, button } = await renderCheckout();
    await act(async () => fireEvent.click(button));
    expect(redirect).toHaveBeenCalledWith('https://pay.example/2');
  });

  it("disables the button and reads 'Processing...' while waiting; a second click is ignored", async () => {
    fetchMock.mockImplementation(hangingFetch);
    const { button } = await renderCheckout();
    act(() => {
      // Two clicks before React re-renders: only the first may start an order.
      button.click();
      button.click();
    });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Processing...');
    await act(async () => fireEvent.click(button));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("resets after 10 s without a redirect URL and alerts 'Something went wrong. Please try again.'", async () => {
    fetchMock.mockImplementation(hangingFetch);
    const { button, redirect } = await renderCheckout();
    await act(async () => fireEvent.click(button));

    await act(async () => vi.advanceTimersByTimeAsync(9_999));
    expect(alertMock).not.toHaveBeenCalled();
    expect(button).toHaveTextContent('Processing...');

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(alertMock).toHaveBeenCalledExactlyOnceWith('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(true);
    expect(redirect).not.toHaveBeenCalled();

    // The reset state accepts a new attempt.
    fetchMock.mockResolvedValueOnce(jsonResponse({ redirectUrl: 'https://pay.example/3' }));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' })),
    );
    expect(redirect).toHaveBeenCalledWith('https://pay.example/3');
  });

  it('waits for the time-out when the answer carries no URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ merchantOrderId: 'CC1' }));
    const { button } = await renderCheckout();
    await act(async () => fireEvent.click(button));
    expect(button).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(alertMock).toHaveBeenCalledWith('Something went wrong. Please try again.');
    expect(button).toBeEnabled();
  });

  it("shows the server's refusal at once and resets, without the time-out alert", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'PLAN_ALREADY_OWNED', message: 'You already have this plan or a higher one.' },
        409,
      ),
    );
    const { button } = await renderCheckout();
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You already have this plan or a higher one.',
    );
    expect(button).toBeEnabled();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('speaks Hindi', async () => {
    await renderApp(<CheckoutPage plan="BASIC" redirect={vi.fn()} />, {
      path: '/checkout',
      language: 'hi',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('अपने प्लान की पुष्टि करें');
    expect(screen.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' })).toBeVisible();
  });
});

describe('Checkout of a plan paid per period', () => {
  it('lets the period change and posts plan and period', async () => {
    const redirect = vi.fn();
    fetchMock.mockResolvedValue(
      jsonResponse({ redirectUrl: 'https://pay.example/checkout/2', merchantOrderId: 'CC2' }),
    );
    await renderApp(<CheckoutPage plan="PREMIUM" initialPeriod="MONTHLY" redirect={redirect} />, {
      path: '/checkout',
    });
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('₹99 per month');
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(summary).toHaveTextContent('₹950 per year');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' })),
    );
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      planType: 'PREMIUM',
      billingPeriod: 'YEARLY',
    });
    expect(redirect).toHaveBeenCalledWith('https://pay.example/checkout/2');
  });
});

describe('/checkout route', () => {
  it.each([
    ['without a plan', '/checkout'],
    ['with an unknown plan', '/checkout?plan=gold'],
  ])('redirects to /pricing %s', async (_label, url) => {
    const { router } = await renderApp(<CheckoutRoute />, { path: '/checkout', route: url });
    expect(await screen.findByText('Pricing page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('opens Premium on the period of the link', async () => {
    await renderApp(<CheckoutRoute />, {
      path: '/checkout',
      route: '/checkout?plan=PREMIUM&period=monthly',
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('Premium');
    expect(summary).toHaveTextContent('₹99 per month');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts Business on yearly when the link names no period', async () => {
    await renderApp(<CheckoutRoute />, { path: '/checkout', route: '/checkout?plan=business' });
    expect(await screen.findByRole('region', { name: 'Order summary' })).toHaveTextContent(
      '₹9,590 per year',
    );
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('accepts the plan name in any letter case', async () => {
    await renderApp(<CheckoutRoute />, { path: '/checkout', route: '/checkout?plan=basic' });
    expect(await screen.findByRole('heading', { name: 'Confirm Your Plan' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent('₹249');
  });
});

describe('Checkout refusals in Hindi', () => {
  it("shows the server's 409 sentence in Hindi", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { code: 'PLAN_ALREADY_OWNED', message: 'You already have this plan or a higher one.' },
          409,
        ),
      ),
    );
    await renderApp(<CheckoutPage plan="BASIC" redirect={vi.fn()} />, {
      path: '/checkout',
      language: 'hi',
    });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'भुगतान के लिए आगे बढ़ें' })),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('आपके पास पहले से यह या इससे ऊँचा प्लान है।');
  });
});
