import { useMutation } from '@tanstack/react-query';
import type { CreateReviewBody, ReviewResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const useCreateReview = () =>
  useMutation({
    mutationFn: (body: CreateReviewBody) =>
      api<ReviewResponse>('/reviews', { method: 'POST', body, auth: true }),
    meta: { changes: ['reviews'] },
  });
