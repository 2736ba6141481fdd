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
export type HealthResponse = z.infer<typeof HealthResponse>;
