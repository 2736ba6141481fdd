import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  OrderResponse,
  ShipOrderBody,
  StaffOrderDetails,
  StaffOrderPage,
  StaffOrderQuery,
  StaffOrderTotals,
} from '@storefront/contract';
import { api, apiBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type OrderFilters = Pick<StaffOrderQuery, 'status' | 'q' | 'from' | 'to'>;
export type OrderPageQuery = OrderFilters & { after?: string; before?: string };

export const staffKeys = {
  orders: (query: OrderPageQuery) => ['staff', 'orders', query],
  orderTotals: (filters: OrderFilters) => ['staff', 'orders', 'totals', filters],
  order: (id: string) => ['staff', 'order', id],
  overview: ['staff', 'overview'],
  admins: ['staff', 'admins'],
  audit: ['staff', 'audit'],
  parts: (query: object) => ['staff', 'parts', query],
  part: (id: string) => ['staff', 'part', id],
  stockHistory: (id: string) => ['staff', 'part', id, 'stock'],
};

/** The query string of a filter, leaving out what is empty. */
export function toSearch(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const useStaffOrders = (query: OrderPageQuery) =>
  useQuery(
    queryOptions({
      queryKey: staffKeys.orders(query),
      queryFn: ({ signal }) =>
        api<StaffOrderPage>(`/staff/orders${toSearch(query)}`, { auth: true, signal }),
      // The old page stays on screen while the next one loads: no flash of an empty table.
      placeholderData: keepPreviousData,
      meta: { topics: ['orders'], private: true },
    }),
  );

/**
 * The totals of the filter, asked for beside the page: counting a broad filter takes longer than a
 * page, and the page does not wait for it. Paging keeps the filter, so the totals are not asked again.
 */
export const useStaffOrderTotals = (filters: OrderFilters) =>
  useQuery(
    queryOptions({
      queryKey: staffKeys.orderTotals(filters),
      queryFn: ({ signal }) =>
        api<StaffOrderTotals>(`/staff/orders/totals${toSearch(filters)}`, { auth: true, signal }),
      placeholderData: keepPreviousData,
      meta: { topics: ['orders'], private: true },
    }),
  );

export const useStaffOrder = (id: string) =>
  useQuery({
    queryKey: staffKeys.order(id),
    queryFn: () =>
      api<StaffOrderDetails>(`/staff/orders/${encodeURIComponent(id)}`, { auth: true }),
    meta: { topics: ['orders'], private: true },
  });

const orderAction = (id: string, action: 'ship' | 'deliver' | 'cancel', body: object) =>
  api<OrderResponse>(`/staff/orders/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    auth: true,
    body,
  });

export const useShipOrder = (id: string) =>
  useMutation({
    mutationFn: (body: ShipOrderBody) => orderAction(id, 'ship', body),
    meta: { changes: ['orders', 'audit'] },
  });

export const useDeliverOrder = (id: string) =>
  useMutation({
    mutationFn: () => orderAction(id, 'deliver', {}),
    meta: { changes: ['orders', 'audit'] },
  });

export const useStaffCancelOrder = (id: string) =>
  useMutation({
    mutationFn: (reason: string) => orderAction(id, 'cancel', reason ? { reason } : {}),
    meta: { changes: ['orders', 'stock', 'audit'] },
  });

/** One line of an order not yet shipped: its stock returns, a paid one refunds that line. */
export const useStaffCancelLine = (id: string) =>
  useMutation({
    mutationFn: (lineNo: number) =>
      api<OrderResponse>(`/staff/orders/${encodeURIComponent(id)}/lines/${lineNo}/cancel`, {
        method: 'POST',
        auth: true,
        body: {},
      }),
    meta: { changes: ['orders', 'stock', 'audit'] },
  });

/** The filtered list as a CSV file (the server streams it; the browser saves it). */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  saveFile(await apiBlob(`/staff/orders.csv${toSearch(filters)}`), `orders-${day}.csv`);
}
