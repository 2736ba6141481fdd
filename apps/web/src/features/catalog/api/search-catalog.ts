import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CatalogPage,
  PartPageResponse,
  SuggestResponse,
  VehicleListResponse,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { partKeys } from './get-parts';

/** One page of `/parts`: `search` is the page's own query string, passed to the API as it is. */
export const catalogQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...partKeys.all, 'catalog', search],
    // Signed in, the answer carries the buyer's prices (decision 061): sent with the key.
    queryFn: ({ signal }) => api<CatalogPage>(`/catalog${search}`, { signal, auth: true }),
    meta: { topics: ['catalog', 'stock', 'prices'] },
  });

export const useCatalog = (search: string) =>
  useQuery({ ...catalogQueryOptions(search), placeholderData: keepPreviousData });

/** Suggestions for the search box; a newer text cancels the older request. */
export const useSuggestions = (text: string) =>
  useQuery({
    queryKey: [...partKeys.all, 'suggest', text],
    queryFn: ({ signal }) =>
      api<SuggestResponse>(`/catalog/suggest?q=${encodeURIComponent(text)}`, {
        signal,
        auth: true,
      }),
    enabled: text.trim().length >= 2,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { topics: ['prices'] },
  });

export const useVehicles = () =>
  useQuery({
    queryKey: [...partKeys.all, 'vehicles'],
    queryFn: ({ signal }) => api<VehicleListResponse>('/catalog/vehicles', { signal }),
    staleTime: 5 * 60_000,
    meta: { topics: ['catalog'] },
  });

/** A part's page: the part with its catalog fields and its reviews. */
export const partPageQueryOptions = (idOrSku: string) =>
  queryOptions({
    queryKey: [...partKeys.all, 'page', idOrSku.toUpperCase()],
    queryFn: ({ signal }) =>
      api<PartPageResponse>(`/catalog/parts/${encodeURIComponent(idOrSku)}`, {
        signal,
        auth: true,
      }),
    meta: { topics: ['catalog', 'stock', 'reviews', 'prices'] },
  });

export const usePartPage = (idOrSku: string) => useQuery(partPageQueryOptions(idOrSku));
