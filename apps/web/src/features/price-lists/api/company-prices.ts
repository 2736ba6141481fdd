import { useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyPriceLists, PriceExplanation } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/* A company's own contract, as its members read it (decision 062). */

const at = (id: string) => encodeURIComponent(id);

export const useCompanyPriceLists = (companyId: string) =>
  useQuery({
    queryKey: ['price-lists', 'company', companyId],
    queryFn: () =>
      api<CompanyPriceLists>(`/companies/${at(companyId)}/price-lists`, { auth: true }),
    meta: { topics: ['prices'], private: true },
  });

export const useCompanyExplain = (companyId: string) =>
  useMutation({
    mutationFn: (q: { partNumber: string; quantity: number }) =>
      api<PriceExplanation>(
        `/companies/${at(companyId)}/price-explanation?${new URLSearchParams({
          partNumber: q.partNumber,
          quantity: String(q.quantity),
        })}`,
        { auth: true },
      ),
  });
