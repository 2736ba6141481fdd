import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: () => api<ReviewListResponse>('/reviews'),
    meta: { topics: ['reviews'] },
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
