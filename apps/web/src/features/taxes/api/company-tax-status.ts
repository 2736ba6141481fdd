import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CERTIFICATE_FIELD,
  type CompanyTaxStatusBody,
  type CompanyTaxStatusResponse,
} from '@storefront/contract';
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

const certificateUrl = (companyId: string) =>
  `/companies/${encodeURIComponent(companyId)}/tax-status/certificate`;

/** Uploads the exemption certificate's file (staff or the owner); staff verify it again. */
export const useUploadTaxCertificate = (companyId: string) =>
  useMutation({
    mutationFn: async (file: File) => {
      const { apiUpload } = await import('../../../lib/api-files');
      const form = new FormData();
      form.append(CERTIFICATE_FIELD, file);
      return apiUpload<CompanyTaxStatusResponse>(certificateUrl(companyId), form);
    },
    meta: changes,
  });

/** Saves the certificate's file under the name the server gave it. */
export async function downloadTaxCertificate(companyId: string): Promise<void> {
  const [{ apiDownload }, { saveFile }] = await Promise.all([
    import('../../../lib/api-files'),
    import('../../../lib/save-file'),
  ]);
  const { blob, name } = await apiDownload(certificateUrl(companyId));
  saveFile(blob, name ?? 'tax-certificate');
}

/** The company's own status, as its members read it (404 to anyone else). */
export const useCompanyTaxStatus = (companyId: string) =>
  useQuery({
    queryKey: ['tax-status', 'mine', companyId],
    queryFn: () =>
      api<CompanyTaxStatusResponse>(`/companies/${encodeURIComponent(companyId)}/tax-status`, {
        auth: true,
      }),
    meta,
  });
