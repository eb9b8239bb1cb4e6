import type { Order } from '@carecode/domain/orders/order.schema';
import { formatRupees } from '@carecode/domain/plans/plans';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { DataTable, SortHeader } from '../../../components/ui/table.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { ordersQueryOptions } from '../api/get-orders.ts';
import { canRetryPayment, checkoutPath } from '../../../lib/checkout-path.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { usePlanName } from '../../../lib/plan-name.ts';

/** Spec §2: COMPLETED green, PENDING amber, anything else red. */
export function orderStatusTone(status: string): BadgeTone {
  if (status === 'COMPLETED') return 'green';
  if (status === 'PENDING') return 'amber';
  return 'red';
}

type SortDirection = 'desc' | 'asc';

export function sortOrders(orders: readonly Order[], direction: SortDirection): Order[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...orders].sort((a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt)));
}

/** Spec §2/§9 Order History: 420 px scrolling table, sorted by createdAt (newest first). */
export function OrderHistoryTable() {
  const { t, i18n } = useTranslation('billing');
  const { errorText } = useErrorText();
  const planName = usePlanName();
  const orders = useQuery(ordersQueryOptions());
  const [direction, setDirection] = useState<SortDirection>('desc');
  const sorted = useMemo(() => sortOrders(orders.data ?? [], direction), [orders.data, direction]);
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [i18n.language],
  );

  if (orders.isPending) return <LoadingView />;
  if (orders.isError) return <ErrorView message={errorText(orders.error)} />;
  if (sorted.length === 0) {
    return <p className="py-8 text-center text-slate-600">{t('account.noOrders')}</p>;
  }

  const statusLabel = (status: string) =>
    t(`account.orderStatus.${status}`, {
      defaultValue: t('account.orderStatus.other', { status }),
    });

  return (
    <div
      className="max-h-[420px] overflow-auto rounded-2xl border border-slate-200 bg-white"
      data-testid="orders-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('account.ordersCaption')}
    >
      <DataTable caption={t('account.ordersCaption')}>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <SortHeader
              label={t('account.createdAt')}
              direction={direction}
              onToggle={() => setDirection((d) => (d === 'desc' ? 'asc' : 'desc'))}
              className="px-3 py-3 sm:px-4 font-semibold"
              buttonClassName="inline-flex min-h-11 items-center gap-1 rounded hover:underline"
              srHint={direction === 'desc' ? t('account.sortNewest') : t('account.sortOldest')}
            />
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              {t('account.planType')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              {t('account.amount')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              {t('account.status')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              {t('account.orderId')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {sorted.map((order) => (
            <tr key={order.merchantOrderId}>
              <td className="px-3 py-3 sm:px-4 sm:whitespace-nowrap">
                <time dateTime={order.createdAt}>
                  {dateFormat.format(new Date(order.createdAt))}
                </time>
              </td>
              <td className="px-3 py-3 sm:px-4">{planName(order.planType)}</td>
              <td className="px-3 py-3 sm:px-4 whitespace-nowrap">{formatRupees(order.amount)}</td>
              <td className="px-3 py-3 sm:px-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={orderStatusTone(order.orderStatus)}>
                    {statusLabel(order.orderStatus)}
                  </Badge>
                  {canRetryPayment(order.orderStatus) && (
                    <Link
                      to={checkoutPath(order.planType, order.billingPeriod)}
                      aria-label={t('account.retryPaymentLabel', { id: order.merchantOrderId })}
                      className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
                    >
                      {t('account.retryPayment')}
                    </Link>
                  )}
                </div>
              </td>
              <td className="px-3 py-3 sm:px-4 min-w-[11rem] font-mono text-xs break-all text-slate-800">
                {order.merchantOrderId}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
