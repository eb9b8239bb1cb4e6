import type { CreateOrderAnswer } from '@carecode/domain/orders/order.schema';
import type { BillingPeriod, PlanType } from '@carecode/domain/plans/plans';
import { apiFetch } from '../../../lib/api-client.ts';

/** Spec §7: the answer's `redirectUrl` (also read as `paymentRedirectUrl`). */
export type CreateOrderResponse = Partial<CreateOrderAnswer> & { paymentRedirectUrl?: string };

/** Basic once (no period); Premium and Business for one period. */
export function createOrder(
  planType: PlanType,
  billingPeriod: BillingPeriod | undefined,
  signal?: AbortSignal,
) {
  return apiFetch<CreateOrderResponse>('/payment/create-order', {
    method: 'POST',
    body: billingPeriod ? { planType, billingPeriod } : { planType },
    signal,
  });
}

export const redirectUrlOf = (answer: CreateOrderResponse | undefined): string | undefined =>
  answer?.redirectUrl || answer?.paymentRedirectUrl || undefined;
