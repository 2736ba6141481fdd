import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, ReviewResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { reviewsQueryOptions } from './get-reviews';

export const createReview = (body: CreateReviewBody) =>
  api<ReviewResponse>('/reviews', { method: 'POST', body, auth: true });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryOptions().queryKey }),
  });
}
