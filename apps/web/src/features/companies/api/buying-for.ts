import { useMutation, useQuery } from '@tanstack/react-query';
import type { BuyingForResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** The company whose prices the signed-in buyer sees and pays (decision 061). */
export const useBuyingFor = () =>
  useQuery({
    queryKey: ['companies', 'buying-for'],
    queryFn: () => api<BuyingForResponse>('/me/buying-for', { auth: true }),
    meta: { topics: ['companies', 'prices'], private: true },
  });

/** Buy for a company of theirs (null: themselves): the cart and every price shown follow. */
export const useSetBuyingFor = () =>
  useMutation({
    mutationFn: (companyId: string | null) =>
      api<BuyingForResponse>('/me/buying-for', { method: 'PUT', body: { companyId }, auth: true }),
    meta: { changes: ['prices', 'cart'] },
  });
