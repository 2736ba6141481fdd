import { useMutation, useQuery } from '@tanstack/react-query';
import type { TaxRegionBody, TaxRegionList, TaxRegionResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/* Where the shop collects tax (issue 37): what the console reads and changes, staff only. */

const base = '/staff/tax-regions';
const keys = { list: ['tax-regions', 'list'] };
const meta = { topics: ['taxes'], private: true } as const;
// Every change is in the audit log.
const changes = { changes: ['taxes', 'audit'] } as const;

export const useTaxRegions = () =>
  useQuery({
    queryKey: keys.list,
    queryFn: () => api<TaxRegionList>(base, { auth: true }),
    meta,
  });

export const useCreateTaxRegion = () =>
  useMutation({
    mutationFn: (body: TaxRegionBody) =>
      api<TaxRegionResponse>(base, { method: 'POST', auth: true, body }),
    meta: changes,
  });

export const useDeleteTaxRegion = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<TaxRegionList>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    meta: changes,
  });

/** A region's place, rate and category rates, replaced as a whole (placed orders keep their tax). */
export const useUpdateTaxRegion = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaxRegionBody }) =>
      api<TaxRegionResponse>(`${base}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        auth: true,
        body,
      }),
    meta: changes,
  });
