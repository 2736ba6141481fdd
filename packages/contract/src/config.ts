import { z } from 'zod';

/** What the app learns from the server at start: nothing secret. */
export const PublicConfig = z.object({
  brandName: z.string(),
  paymentProvider: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  googleSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export * from './site-constants.js';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** The catalog's search index: `loading` while it is built, `ready`, or `off` (decision 050). */
export const SearchHealthResponse = z.object({
  state: z.enum(['loading', 'ready', 'off']),
  parts: z.number().int(),
});
export type SearchHealthResponse = z.infer<typeof SearchHealthResponse>;
export type HealthResponse = z.infer<typeof HealthResponse>;
