import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type {
  StaffPartDetails,
  StaffPartPage,
  StaffPartRow,
  StockChangeBody,
  StockHistoryPage,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { staffKeys, toSearch } from './staff-orders';

export type PartFilters = {
  q?: string | undefined;
  stock?: 'low' | 'out' | undefined;
  show?: 'live' | 'archived' | 'all' | undefined;
};
export type PartPageQuery = PartFilters & { page?: number | undefined };

export const useStaffParts = (query: PartPageQuery) =>
  useQuery(
    queryOptions({
      queryKey: staffKeys.parts(query),
      queryFn: ({ signal }) =>
        api<StaffPartPage>(`/staff/parts${toSearch(query)}`, { auth: true, signal }),
      placeholderData: keepPreviousData,
      meta: { topics: ['stock', 'catalog'], private: true },
    }),
  );

export const useStaffPart = (id: string) =>
  useQuery({
    queryKey: staffKeys.part(id),
    queryFn: () => api<StaffPartDetails>(`/staff/parts/${encodeURIComponent(id)}`, { auth: true }),
    meta: { topics: ['stock', 'catalog'], private: true },
  });

/** The part's stock movements, newest first; `fetchNextPage` reads older ones. */
export const useStockHistory = (id: string) =>
  useInfiniteQuery({
    queryKey: staffKeys.stockHistory(id),
    queryFn: ({ pageParam }) =>
      api<StockHistoryPage>(
        `/staff/parts/${encodeURIComponent(id)}/stock${pageParam ? `?before=${pageParam}` : ''}`,
        { auth: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    meta: { topics: ['stock'], private: true },
  });

export const useChangeStock = (id: string) =>
  useMutation({
    mutationFn: (body: StockChangeBody) =>
      api<StaffPartDetails>(`/staff/parts/${encodeURIComponent(id)}/stock`, {
        method: 'POST',
        auth: true,
        body,
      }),
    meta: { changes: ['stock', 'audit'] },
  });

export const useSetArchived = (id: string) =>
  useMutation({
    mutationFn: (archived: boolean) =>
      api<StaffPartRow>(
        `/staff/parts/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`,
        { method: 'POST', auth: true },
      ),
    meta: { changes: ['stock', 'catalog', 'audit'] },
  });
