import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getReviews = () => api<ReviewListResponse>('/reviews');

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: getReviews });

export const useReviews = () => useQuery(reviewsQueryOptions());
