import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogFeedAccess } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/* The distributors' catalog feeds (decision 067): staff open them to a company; its owners and
   admins download the catalog as ACES, PIES or CSV at the company's prices. */

const meta = { topics: ['companies'], private: true } as const;
const company = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/catalog-feed`;
const staff = (companyId: string) =>
  `/staff/companies/${encodeURIComponent(companyId)}/catalog-feed`;

/** Whether the feeds are open to the company, as its owners and admins read it. */
export const useCatalogFeedAccess = (companyId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['catalog-feed', 'mine', companyId],
    queryFn: () => api<CatalogFeedAccess>(`${company(companyId)}/access`, { auth: true }),
    enabled,
    meta,
  });

export const useStaffCatalogFeedAccess = (companyId: string) =>
  useQuery({
    queryKey: ['catalog-feed', 'staff', companyId],
    queryFn: () => api<CatalogFeedAccess>(staff(companyId), { auth: true }),
    meta,
  });

export function useSetCatalogFeedAccess(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) =>
      api<CatalogFeedAccess>(staff(companyId), { method: 'PUT', auth: true, body: { allowed } }),
    onSuccess: (answer) => queryClient.setQueryData(['catalog-feed', 'staff', companyId], answer),
    // Every change is in the audit log.
    meta: { changes: ['companies', 'audit'] },
  });
}

export type FeedFormat = 'aces' | 'pies' | 'csv';

export async function downloadCatalogFeed(companyId: string, format: FeedFormat): Promise<void> {
  const [{ apiDownload }, { saveFile }] = await Promise.all([
    import('../../../lib/api-files'),
    import('../../../lib/save-file'),
  ]);
  const { blob, name } = await apiDownload(`${company(companyId)}?format=${format}`);
  saveFile(blob, name ?? `catalog.${format === 'csv' ? 'csv' : 'xml'}`);
}
