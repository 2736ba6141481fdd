import { useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyTaxStatusBody, CompanyTaxStatusResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/* A company's tax status as staff set and verify it (issue 37, decision 063); staff only. */

const url = (companyId: string) => `/staff/companies/${encodeURIComponent(companyId)}/tax-status`;
const meta = { topics: ['taxes', 'companies'], private: true } as const;
// Every change is in the audit log.
const changes = { changes: ['taxes', 'audit'] } as const;

export const useStaffCompanyTaxStatus = (companyId: string) =>
  useQuery({
    queryKey: ['tax-status', companyId],
    queryFn: () => api<CompanyTaxStatusResponse>(url(companyId), { auth: true }),
    meta,
  });

export const useSetCompanyTaxStatus = (companyId: string) =>
  useMutation({
    mutationFn: (body: CompanyTaxStatusBody) =>
      api<CompanyTaxStatusResponse>(url(companyId), { method: 'PUT', auth: true, body }),
    meta: changes,
  });

export const useVerifyCompanyTaxStatus = (companyId: string) =>
  useMutation({
    mutationFn: () =>
      api<CompanyTaxStatusResponse>(`${url(companyId)}/verify`, { method: 'POST', auth: true }),
    meta: changes,
  });
