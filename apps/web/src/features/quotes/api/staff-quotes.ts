import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PartPageResponse,
  QuoteOfferBody,
  QuoteResponse,
  QuoteStatus,
  QuoteSummary,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

const topics = { topics: ['quotes'], private: true } as const;
const changes = { changes: ['quotes'] } as const;
const at = (id: string) => `/staff/quotes/${encodeURIComponent(id)}`;

export const useStaffQuotes = (status: QuoteStatus | '') =>
  useQuery({
    queryKey: ['quotes', 'staff', status],
    queryFn: () =>
      api<QuoteSummary[]>(`/staff/quotes${status ? `?status=${status}` : ''}`, { auth: true }),
    meta: topics,
  });

export const useStaffQuote = (id: string) =>
  useQuery({
    queryKey: ['quotes', 'staff-one', id],
    queryFn: () => api<QuoteResponse>(at(id), { auth: true }),
    meta: topics,
  });

export const useOfferQuote = (id: string) =>
  useMutation({
    mutationFn: (body: QuoteOfferBody) =>
      api<QuoteResponse>(`${at(id)}/offer`, { method: 'POST', body, auth: true }),
    meta: changes,
  });

export const useDeclineQuote = (id: string) =>
  useMutation({
    mutationFn: (message: string) =>
      api<QuoteResponse>(`${at(id)}/decline`, {
        method: 'POST',
        body: message ? { message } : {},
        auth: true,
      }),
    meta: changes,
  });

/** A part by its id or part number, for a line staff add to an offer. */
export const findPart = async (idOrSku: string) =>
  (await api<PartPageResponse>(`/catalog/parts/${encodeURIComponent(idOrSku)}`)).part;
