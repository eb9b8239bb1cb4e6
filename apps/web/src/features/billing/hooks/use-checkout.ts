import type { BillingPeriod, PlanType } from '@carecode/domain/plans/plans';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createOrder, redirectUrlOf } from '../api/create-order.ts';

/** Spec §9: no redirect URL within 10 s resets the checkout. */
export const CHECKOUT_TIMEOUT_MS = 10_000;

export interface CheckoutOptions {
  /** Sends the browser to the gateway (a real navigation by default). */
  redirect?: (url: string) => void;
  /** Called when no redirect URL arrived in time (the page shows the alert). */
  onTimeout: () => void;
  timeoutMs?: number;
}

/**
 * Spec §4 Checkout: idle → processing on the click; a repeat click while processing is ignored;
 * a redirect URL navigates there; none within 10 s resets to idle and reports the time-out.
 * A server refusal (e.g. 409, 400 'Coming soon') resets at once and is returned as `error`.
 */
export function useCheckout(
  plan: PlanType,
  billingPeriod: BillingPeriod | undefined,
  options: CheckoutOptions,
) {
  const [isProcessing, setProcessing] = useState(false);
  const [error, setError] = useState<unknown>();
  const busy = useRef(false);
  const attempt = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController }>(
    undefined,
  );
  const latest = useRef(options);
  latest.current = options;

  useEffect(
    () => () => {
      if (attempt.current) {
        clearTimeout(attempt.current.timer);
        attempt.current.controller.abort();
      }
    },
    [],
  );

  const proceed = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setError(undefined);
    const controller = new AbortController();
    const current = {
      controller,
      timer: setTimeout(() => {
        if (attempt.current !== current) return;
        attempt.current = undefined;
        controller.abort();
        busy.current = false;
        setProcessing(false);
        latest.current.onTimeout();
      }, latest.current.timeoutMs ?? CHECKOUT_TIMEOUT_MS),
    };
    attempt.current = current;

    try {
      const url = redirectUrlOf(await createOrder(plan, billingPeriod, controller.signal));
      if (attempt.current !== current || !url) return; // no URL yet: the time-out decides
      clearTimeout(current.timer);
      (latest.current.redirect ?? ((to: string) => window.location.assign(to)))(url);
    } catch (failure) {
      if (attempt.current !== current) return; // timed out already
      clearTimeout(current.timer);
      attempt.current = undefined;
      busy.current = false;
      setProcessing(false);
      setError(failure);
    }
  }, [plan, billingPeriod]);

  return { isProcessing, error, proceed };
}
