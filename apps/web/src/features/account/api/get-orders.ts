import type { Order } from '@carecode/domain/orders/order.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
};

/** Spec §7 `GET /user/orders`; always fresh on mount, since a payment may have just settled. */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => apiFetch<Order[]>('/user/orders', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
