import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  MyCompanies,
  OrderResponse,
  QuoteAcceptBody,
  QuoteRequestBody,
  QuoteResponse,
  QuoteSummary,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

const quoteKeys = {
  mine: ['quotes', 'mine'],
  one: (id: string) => ['quotes', 'one', id],
};
const topics = { topics: ['quotes'], private: true } as const;
const changes = { changes: ['quotes'] } as const;
const at = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** "My quotes": the buyer's own and their companies'. */
export const useMyQuotes = () =>
  useQuery({
    queryKey: quoteKeys.mine,
    queryFn: () => api<QuoteSummary[]>('/quotes', { auth: true }),
    meta: topics,
  });

export const useQuote = (id: string) =>
  useQuery({
    queryKey: quoteKeys.one(id),
    queryFn: () => api<QuoteResponse>(at(id), { auth: true }),
    meta: topics,
  });

/** "Request a quote" from the cart: the cart itself is left as it is. */
export const useRequestQuote = () =>
  useMutation({
    mutationFn: (body: QuoteRequestBody) =>
      api<QuoteResponse>('/quotes', { method: 'POST', body, auth: true }),
    meta: changes,
  });

/** Accepting makes an order and reserves its stock. */
export const useAcceptQuote = (id: string) =>
  useMutation({
    mutationFn: (body: QuoteAcceptBody) =>
      api<OrderResponse>(`${at(id)}/accept`, { method: 'POST', body, auth: true }),
    meta: { changes: ['quotes', 'orders', 'stock'] },
  });

export const useAnswerQuote = (id: string) =>
  useMutation({
    mutationFn: (answer: { to: 'reject' | 'revision'; version: number; message?: string }) =>
      api<QuoteResponse>(`${at(id)}/${answer.to}`, {
        method: 'POST',
        body: { version: answer.version, ...(answer.message ? { message: answer.message } : {}) },
        auth: true,
      }),
    meta: changes,
  });

/** Withdraw a request staff have not answered yet. */
export const useWithdrawQuote = (id: string) =>
  useMutation({
    mutationFn: () =>
      api<QuoteResponse>(`${at(id)}/withdraw`, { method: 'POST', body: {}, auth: true }),
    meta: changes,
  });

/** The companies the buyer may ask (and accept on account) for. */
/** The companies a buyer may ask or accept for; `enabled` false until the form that offers them shows. */
export const useMyCompanyChoices = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['quotes', 'companies'],
    queryFn: () => api<MyCompanies>('/companies', { auth: true }),
    meta: { topics: ['companies'], private: true },
  });
