import { useMutation } from '@tanstack/react-query';
import type { CreatePartBody, PartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const useCreatePart = () =>
  useMutation({
    mutationFn: (body: CreatePartBody) =>
      api<PartResponse>('/parts', { method: 'POST', body, auth: true }),
    meta: { changes: ['catalog'] },
  });
