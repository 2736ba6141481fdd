import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateReturnBody,
  RestockingFees,
  RestockingFeesBody,
  ReturnAction,
  ReturnOptions,
  ReturnPhoto,
  ReturnPolicyBody,
  ReturnPolicyResponse,
  ReturnReason,
  ReturnResponse,
  ReturnStatus,
  ReturnSummary,
  ReturnWindows,
  ReturnWindowsBody,
} from '@storefront/contract';
import { api, apiBlob } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-files';
import { saveFile } from '../../../lib/save-file';

const topics = { topics: ['returns'], private: true } as const;
const changes = { changes: ['returns'] } as const;
/** A staff step may put stock back, refund or credit the order and is audited. */
const staffChanges = { changes: ['returns', 'orders', 'stock', 'companies', 'audit'] } as const;
const one = (id: string) => `/returns/${encodeURIComponent(id)}`;
const staffOne = (id: string) => `/staff/returns/${encodeURIComponent(id)}`;

/** What of a delivered order may come back: lines, windows, fees. */
export const useReturnOptions = (orderId: string) =>
  useQuery({
    queryKey: ['returns', 'options', orderId],
    queryFn: () =>
      api<ReturnOptions>(`/returns/options?orderId=${encodeURIComponent(orderId)}`, {
        auth: true,
      }),
    meta: topics,
    retry: false,
  });

export const useCreateReturn = () =>
  useMutation({
    mutationFn: (body: CreateReturnBody) =>
      api<ReturnResponse>('/returns', { method: 'POST', body, auth: true }),
    meta: changes,
  });

export const uploadReturnPhoto = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return apiUpload<ReturnPhoto>('/returns/photos', form);
};

export const useMyReturns = () =>
  useQuery({
    queryKey: ['returns', 'mine'],
    queryFn: () => api<ReturnSummary[]>('/returns', { auth: true }),
    meta: topics,
  });

export const useReturn = (id: string, staff = false) =>
  useQuery({
    queryKey: ['returns', staff ? 'staff-one' : 'one', id],
    queryFn: () => api<ReturnResponse>(staff ? staffOne(id) : one(id), { auth: true }),
    meta: topics,
  });

export type StaffReturnFilter = {
  status: ReturnStatus | '';
  reason: ReturnReason | '';
  age: string;
};

export const useStaffReturns = (filter: StaffReturnFilter) => {
  const search = new URLSearchParams();
  if (filter.status) search.set('status', filter.status);
  if (filter.reason) search.set('reason', filter.reason);
  if (filter.age) search.set('olderThanDays', filter.age);
  const query = search.toString();
  return useQuery({
    queryKey: ['returns', 'staff', query],
    queryFn: () =>
      api<ReturnSummary[]>(`/staff/returns${query ? `?${query}` : ''}`, { auth: true }),
    meta: topics,
  });
};

export const useReturnAction = (id: string) =>
  useMutation({
    mutationFn: ({ action, body }: { action: ReturnAction; body: object }) =>
      api<ReturnResponse>(`${staffOne(id)}/${action}`, { method: 'POST', body, auth: true }),
    meta: staffChanges,
  });

export const downloadReturnSlip = async (id: string, number: string) =>
  saveFile(await apiBlob(`${one(id)}/slip`), `return-${number}.pdf`);

/** A return photo: only with the access key, so it is fetched and shown from memory. */
export const returnPhotoBlob = (url: string) => apiBlob(url.replace(/^\/api/, ''));

const policyAt = (partId: string) => `/staff/parts/${encodeURIComponent(partId)}/return-policy`;

/** Staff: a part's return window, "no return" reason and warranty. */
export const useReturnPolicy = (partId: string) =>
  useQuery({
    queryKey: ['returns', 'policy', partId],
    queryFn: () => api<ReturnPolicyResponse>(policyAt(partId), { auth: true }),
    meta: topics,
  });

export const useSetReturnPolicy = (partId: string) =>
  useMutation({
    mutationFn: (body: ReturnPolicyBody) =>
      api<ReturnPolicyResponse>(policyAt(partId), { method: 'PUT', body, auth: true }),
    meta: { changes: ['returns', 'audit'] },
  });

/** Staff: the return window of each catalog category (a part's own one wins). */
export const useReturnWindows = () =>
  useQuery({
    queryKey: ['returns', 'windows'],
    queryFn: () => api<ReturnWindows>('/staff/return-windows', { auth: true }),
    meta: topics,
  });

export const useSetReturnWindows = () =>
  useMutation({
    mutationFn: (body: ReturnWindowsBody) =>
      api<ReturnWindows>('/staff/return-windows', { method: 'PUT', body, auth: true }),
    meta: { changes: ['returns', 'audit'] },
  });

/** Staff: the restocking fee of each reason, in percent (charged when a return settles). */
export const useRestockingFees = () =>
  useQuery({
    queryKey: ['returns', 'fees'],
    queryFn: () => api<RestockingFees>('/staff/return-fees', { auth: true }),
    meta: topics,
  });

export const useSetRestockingFees = () =>
  useMutation({
    mutationFn: (body: RestockingFeesBody) =>
      api<RestockingFees>('/staff/return-fees', { method: 'PUT', body, auth: true }),
    meta: { changes: ['returns', 'audit'] },
  });
