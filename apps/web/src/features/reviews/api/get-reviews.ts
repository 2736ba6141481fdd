import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const reviewKeys = { list: ['reviews'] };

const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.list,
    queryFn: () => api<ReviewListResponse>('/reviews'),
    meta: { topics: ['reviews'] },
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
