import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * What a query's data depends on, and what a mutation changes. Features never name each other's
 * query keys: placing an order says it changed `stock`, and the catalog's queries say they show
 * `stock`, so they are refreshed without either knowing the other.
 */
export type Topic =
  | 'stock'
  | 'catalog'
  | 'orders'
  | 'reviews'
  | 'profile'
  | 'account'
  // The buyer's cart (its lines, counted in the navbar).
  | 'cart'
  // Companies the buyer belongs to: members, invitations, terms and credit.
  | 'companies'
  // Staff: who is an admin, and the record of what staff did.
  | 'admins'
  | 'audit'
  // Quotes: a buyer's requests and staff's offers.
  | 'quotes'
  // Returns: a buyer's returns and staff's queue; settling refunds or credits an order.
  | 'returns'
  // The shop's pages (terms, privacy notice, …).
  | 'pages'
  // Machine access: API keys, webhook endpoints and their deliveries.
  | 'machine'
  // Where the shop collects tax (staff).
  | 'taxes'
  // Prices: staff's price lists, and the prices shown to a company buyer (they follow who is
  // signed in and whom they buy for).
  | 'prices';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      topics?: readonly Topic[];
      /** Data of the signed-in user: dropped from the cache when they sign out. */
      private?: boolean;
    };
    mutationMeta: { changes?: readonly Topic[] };
  }
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Whatever the outcome: a failed write may still have changed something (a timeout).
      onSettled: async (_data, _error, _variables, _context, mutation) => {
        await refreshTopics(queryClient, mutation.meta?.changes ?? []);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
  return queryClient;
}

/** Refetches every query whose data depends on one of these topics. */
export async function refreshTopics(queryClient: QueryClient, changed: readonly Topic[]) {
  if (changed.length === 0) return;
  await queryClient.invalidateQueries({
    predicate: (query) => Boolean(query.meta?.topics?.some((t) => changed.includes(t))),
  });
}

/**
 * Drops every query that holds the signed-in user's data (sign-out), and fetches the prices shown
 * again as a visitor's: a company's prices never stay on the screen after its buyer left.
 */
export function forgetPrivateData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.private === true });
  void queryClient.resetQueries({
    predicate: (query) => Boolean(query.meta?.topics?.includes('prices')),
  });
}
