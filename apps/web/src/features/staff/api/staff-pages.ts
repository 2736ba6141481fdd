import { useMutation, useQuery } from '@tanstack/react-query';
import type { PageBody, PageSlug, PageVersion, StaffPageList } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const useStaffPages = () =>
  useQuery({
    queryKey: ['staff', 'pages'],
    queryFn: () => api<StaffPageList>('/staff/pages', { auth: true }),
    meta: { topics: ['pages'], private: true },
  });

export const usePageHistory = (slug: PageSlug) =>
  useQuery({
    queryKey: ['staff', 'pages', slug],
    queryFn: () => api<PageVersion[]>(`/staff/pages/${slug}`, { auth: true }),
    meta: { topics: ['pages'], private: true },
  });

export const useSavePage = (slug: PageSlug) =>
  useMutation({
    mutationFn: (body: PageBody) =>
      api<PageVersion>(`/staff/pages/${slug}`, { method: 'PUT', auth: true, body }),
    meta: { changes: ['pages', 'audit'] },
  });
