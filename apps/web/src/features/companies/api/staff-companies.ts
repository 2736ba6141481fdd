import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AccountInvoice,
  AccountInvoiceList,
  OrderListResponse,
  StaffCompanyDetails,
  StaffCompanyRow,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

const staffKeys = {
  list: ['companies', 'staff', 'list'],
  one: (id: string) => ['companies', 'staff', 'one', id],
  orders: (id: string) => ['companies', 'staff', 'orders', id],
  invoices: ['companies', 'staff', 'invoices'],
};
const meta = { topics: ['companies'], private: true } as const;
const changes = { changes: ['companies'] } as const;
const at = (id: string) => encodeURIComponent(id);

export const useStaffCompanies = () =>
  useQuery({
    queryKey: staffKeys.list,
    queryFn: () => api<StaffCompanyRow[]>('/staff/companies', { auth: true }),
    meta,
  });

export const useStaffCompany = (id: string) =>
  useQuery({
    queryKey: staffKeys.one(id),
    queryFn: () => api<StaffCompanyDetails>(`/staff/companies/${at(id)}`, { auth: true }),
    meta,
  });

export const useStaffCompanyOrders = (id: string) =>
  useQuery({
    queryKey: staffKeys.orders(id),
    queryFn: () => api<OrderListResponse>(`/staff/companies/${at(id)}/orders`, { auth: true }),
    meta: { topics: ['companies', 'orders'], private: true },
  });

export const useStaffInvoices = () =>
  useQuery({
    queryKey: staffKeys.invoices,
    queryFn: () => api<AccountInvoiceList>('/staff/invoices', { auth: true }),
    meta,
  });

export const useApproveTerms = (id: string) =>
  useMutation({
    mutationFn: (body: { termsDays: number; creditLimit: number }) =>
      api<StaffCompanyDetails>(`/staff/companies/${at(id)}/terms`, {
        method: 'PUT',
        body,
        auth: true,
      }),
    meta: changes,
  });

export const useSuspendTerms = (id: string) =>
  useMutation({
    mutationFn: () =>
      api<StaffCompanyDetails>(`/staff/companies/${at(id)}/terms/suspend`, {
        method: 'POST',
        auth: true,
      }),
    meta: changes,
  });

export const useRecordPayment = () =>
  useMutation({
    mutationFn: ({
      invoiceId,
      ...body
    }: {
      invoiceId: string;
      amount: number;
      receivedOn: string;
      reference: string;
    }) =>
      api<AccountInvoice>(`/staff/invoices/${at(invoiceId)}/payments`, {
        method: 'POST',
        body,
        auth: true,
      }),
    meta: changes,
  });

export const useIssueCreditNote = () =>
  useMutation({
    mutationFn: ({ invoiceId, ...body }: { invoiceId: string; amount: number; reason: string }) =>
      api<{ id: string; number: string; amount: number }>(
        `/staff/invoices/${at(invoiceId)}/credit-notes`,
        { method: 'POST', body, auth: true },
      ),
    meta: { changes: ['companies', 'orders'] },
  });
