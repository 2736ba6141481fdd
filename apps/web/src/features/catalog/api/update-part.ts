import { useMutation } from '@tanstack/react-query';
import type { PartResponse, UpdatePartBody } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const useUpdatePart = (id: string) =>
  useMutation({
    mutationFn: (body: UpdatePartBody) =>
      api<PartResponse>(`/parts/${encodeURIComponent(id)}`, { method: 'PUT', body, auth: true }),
    meta: { changes: ['catalog'] },
  });
