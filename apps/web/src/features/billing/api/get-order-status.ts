import { billingPeriods, planTypes } from '@carecode/domain/plans/plans';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  status: (merchantOrderId: string) => [...paymentKeys.all, 'status', merchantOrderId] as const,
};

/** Spec §7: `state` (also read as `orderStatus`); any string may come back. */
interface OrderStatusResponse {
  state?: string;
  orderStatus?: string;
  planType?: string;
  billingPeriod?: string | null;
}

/** How often a PENDING order is asked again while the page waits. */
export const PENDING_POLL_MS = 2000;

export const orderStatusQueryOptions = (merchantOrderId: string) =>
  queryOptions({
    queryKey: paymentKeys.status(merchantOrderId),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<OrderStatusResponse>(
        `/payment/fetch-order-status/${encodeURIComponent(merchantOrderId)}`,
        { signal },
      );
      const planType = planTypes.find((plan) => plan === answer?.planType);
      const billingPeriod = billingPeriods.find((period) => period === answer?.billingPeriod);
      return { state: answer?.state ?? answer?.orderStatus ?? '', planType, billingPeriod };
    },
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'PENDING' ? PENDING_POLL_MS : false),
  });
