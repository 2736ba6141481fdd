import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AssignPriceListBody,
  CompanyPriceLists,
  CustomerGroupDetails,
  CustomerGroupSummary,
  PriceExplanation,
  PriceListBody,
  PriceListCategoriesBody,
  PriceListDetails,
  PriceListEntriesBody,
  PriceListEntriesResult,
  PriceListEntryPage,
  PriceListImport,
  PriceListSummary,
  RemovePriceListEntriesBody,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { apiDownload, apiUpload } from '../../../lib/api-files';
import { saveFile } from '../../../lib/save-file';

/* Staff's price lists (issue 36): what the console reads and changes, over the staff API. */

const at = (id: string) => encodeURIComponent(id);
const base = '/staff/price-lists';
const keys = {
  list: ['price-lists', 'list'],
  one: (id: string) => ['price-lists', 'one', id],
  entries: (id: string, page: number, partNumber: string) => [
    'price-lists',
    'entries',
    id,
    page,
    partNumber,
  ],
};
const meta = { topics: ['prices'], private: true } as const;
// Assignments show on the company's page too; every change is in the audit log.
const changes = { changes: ['prices', 'companies', 'audit'] } as const;

export const usePriceLists = () =>
  useQuery({
    queryKey: keys.list,
    queryFn: () => api<PriceListSummary[]>(base, { auth: true }),
    meta,
  });

export const usePriceList = (id: string) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: () => api<PriceListDetails>(`${base}/${at(id)}`, { auth: true }),
    meta,
  });

export const usePriceListEntries = (id: string, page: number, partNumber: string) =>
  useQuery({
    queryKey: keys.entries(id, page, partNumber),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page) });
      if (partNumber) query.set('partNumber', partNumber);
      return api<PriceListEntryPage>(`${base}/${at(id)}/entries?${query}`, { auth: true });
    },
    meta,
  });

export const useCreatePriceList = () =>
  useMutation({
    mutationFn: (body: PriceListBody) =>
      api<PriceListDetails>(base, { method: 'POST', auth: true, body }),
    meta: changes,
  });

export const useUpdatePriceList = (id: string) =>
  useMutation({
    mutationFn: (body: PriceListBody) =>
      api<PriceListDetails>(`${base}/${at(id)}`, { method: 'PUT', auth: true, body }),
    meta: changes,
  });

export const useDeletePriceList = (id: string) =>
  useMutation({
    mutationFn: () =>
      api<PriceListSummary[]>(`${base}/${at(id)}`, { method: 'DELETE', auth: true }),
    meta: changes,
  });

export const useSetCategories = (id: string) =>
  useMutation({
    mutationFn: (body: PriceListCategoriesBody) =>
      api<PriceListDetails>(`${base}/${at(id)}/categories`, { method: 'PUT', auth: true, body }),
    meta: changes,
  });

export const useAddEntries = (id: string) =>
  useMutation({
    mutationFn: (body: PriceListEntriesBody) =>
      api<PriceListEntriesResult>(`${base}/${at(id)}/entries`, {
        method: 'POST',
        auth: true,
        body,
      }),
    meta: changes,
  });

export const useRemoveEntries = (id: string) =>
  useMutation({
    mutationFn: (body: RemovePriceListEntriesBody) =>
      api<PriceListEntriesResult>(`${base}/${at(id)}/entries/remove`, {
        method: 'POST',
        auth: true,
        body,
      }),
    meta: changes,
  });

export const useAssign = (id: string) =>
  useMutation({
    mutationFn: ({ companyId, ...body }: AssignPriceListBody & { companyId: string }) =>
      api<CompanyPriceLists>(`${base}/${at(id)}/companies/${at(companyId)}`, {
        method: 'PUT',
        auth: true,
        body,
      }),
    meta: changes,
  });

export const useUnassign = (id: string) =>
  useMutation({
    mutationFn: (companyId: string) =>
      api<CompanyPriceLists>(`${base}/${at(id)}/companies/${at(companyId)}`, {
        method: 'DELETE',
        auth: true,
      }),
    meta: changes,
  });

/** Why a company (or a customer group) pays what it pays: asked on demand, not kept. */
export const useExplainPrice = () =>
  useMutation({
    mutationFn: (q: {
      party: 'company' | 'group';
      id: string;
      partNumber: string;
      quantity: number;
      date?: string;
    }) => {
      const query = new URLSearchParams({ partNumber: q.partNumber, quantity: String(q.quantity) });
      if (q.date) query.set('date', q.date);
      const owner = q.party === 'group' ? '/staff/customer-groups' : '/staff/companies';
      return api<PriceExplanation>(`${owner}/${at(q.id)}/price-explanation?${query}`, {
        auth: true,
      });
    },
  });

/** A file of fixed prices read into a preview: nothing in the list changes yet. */
export const usePreviewEntriesFile = (id: string) =>
  useMutation({
    mutationFn: ({ file, replaceAll }: { file: File; replaceAll: boolean }) => {
      const form = new FormData();
      if (replaceAll) form.append('replaceAll', 'true');
      form.append('entries', file);
      return apiUpload<PriceListImport>(`${base}/${at(id)}/imports`, form);
    },
  });

export const useApplyEntriesFile = (id: string) =>
  useMutation({
    mutationFn: ({ importId, validOnly }: { importId: string; validOnly: boolean }) =>
      api<PriceListImport>(`${base}/${at(id)}/imports/${at(importId)}/apply`, {
        method: 'POST',
        auth: true,
        body: { validOnly },
      }),
    meta: changes,
  });

export const useDiscardEntriesFile = (id: string) =>
  useMutation({
    mutationFn: (importId: string) =>
      api<PriceListImport>(`${base}/${at(id)}/imports/${at(importId)}/discard`, {
        method: 'POST',
        auth: true,
      }),
  });

/** The list's fixed prices in the format its import reads (fetched with the access key). */
export async function downloadEntries(id: string, format: 'csv' | 'xlsx'): Promise<void> {
  const { blob, name } = await apiDownload(`${base}/${at(id)}/export?format=${format}`);
  saveFile(blob, name ?? `fixed-prices.${format}`);
}

/* Customer groups (decision 062): people buying for themselves who share price lists. */
const groupsBase = '/staff/customer-groups';
const groupKeys = {
  list: ['price-lists', 'groups'],
  one: (id: string) => ['price-lists', 'groups', id],
};

export const useCustomerGroups = () =>
  useQuery({
    queryKey: groupKeys.list,
    queryFn: () => api<CustomerGroupSummary[]>(groupsBase, { auth: true }),
    meta,
  });

export const useCustomerGroup = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: groupKeys.one(id),
    queryFn: () => api<CustomerGroupDetails>(`${groupsBase}/${at(id)}`, { auth: true }),
    enabled,
    meta,
  });

export const useCreateCustomerGroup = () =>
  useMutation({
    mutationFn: (name: string) =>
      api<CustomerGroupDetails>(groupsBase, { method: 'POST', auth: true, body: { name } }),
    meta: changes,
  });

export const useDeleteCustomerGroup = (id: string) =>
  useMutation({
    mutationFn: () =>
      api<CustomerGroupSummary[]>(`${groupsBase}/${at(id)}`, { method: 'DELETE', auth: true }),
    meta: changes,
  });

export const useAddGroupMember = (id: string) =>
  useMutation({
    mutationFn: (email: string) =>
      api<CustomerGroupDetails>(`${groupsBase}/${at(id)}/members`, {
        method: 'POST',
        auth: true,
        body: { email },
      }),
    meta: changes,
  });

export const useRemoveGroupMember = (id: string) =>
  useMutation({
    mutationFn: (userId: string) =>
      api<CustomerGroupDetails>(`${groupsBase}/${at(id)}/members/${at(userId)}`, {
        method: 'DELETE',
        auth: true,
      }),
    meta: changes,
  });

export const useAssignGroup = (listId: string) =>
  useMutation({
    mutationFn: ({ groupId, priority }: { groupId: string; priority: number }) =>
      api<PriceListDetails>(`${base}/${at(listId)}/groups/${at(groupId)}`, {
        method: 'PUT',
        auth: true,
        body: { priority },
      }),
    meta: changes,
  });

export const useUnassignGroup = (listId: string) =>
  useMutation({
    mutationFn: (groupId: string) =>
      api<PriceListDetails>(`${base}/${at(listId)}/groups/${at(groupId)}`, {
        method: 'DELETE',
        auth: true,
      }),
    meta: changes,
  });
