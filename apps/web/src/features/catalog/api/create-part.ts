import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePartBody, PartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { partsQueryOptions } from './get-parts';

export const createPart = (body: CreatePartBody) =>
  api<PartResponse>('/parts', { method: 'POST', body, auth: true });

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsQueryOptions().queryKey }),
  });
}
