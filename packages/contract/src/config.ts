import { z } from 'zod';

/** What the app learns from the server at start: nothing secret. */
export const PublicConfig = z.object({
  brandName: z.string(),
  paymentProvider: z.enum(['sandbox', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  googleSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * The brand name in prerendered pages: the build cannot know it, so the server puts its own in
 * their place when it serves them, beside the public config for the app to start from.
 */
export const PRERENDERED_BRAND = '__STOREFRONT_BRAND_NAME__';
/** The id of the script element (JSON) holding the public config in a served page. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** The catalog's search index: `loading` while it is built, `ready`, or `off` (decision 050). */
export const SearchHealthResponse = z.object({
  state: z.enum(['loading', 'ready', 'off']),
  parts: z.number().int(),
});
export type SearchHealthResponse = z.infer<typeof SearchHealthResponse>;
export type HealthResponse = z.infer<typeof HealthResponse>;
