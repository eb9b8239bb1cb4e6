import type { CreateOrderAnswer } from '@carecode/domain/orders/order.schema';
import type { PlanType } from '@carecode/domain/plans/plans';
import { apiFetch } from '../../../lib/api-client.ts';

/** Spec §7: the answer's `redirectUrl` (also read as `paymentRedirectUrl`). */
export type CreateOrderResponse = Partial<CreateOrderAnswer> & { paymentRedirectUrl?: string };

export function createOrder(planType: PlanType, signal?: AbortSignal) {
  return apiFetch<CreateOrderResponse>('/payment/create-order', {
    method: 'POST',
    body: { planType },
    signal,
  });
}

export const redirectUrlOf = (answer: CreateOrderResponse | undefined): string | undefined =>
  answer?.redirectUrl || answer?.paymentRedirectUrl || undefined;
