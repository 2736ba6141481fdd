// Plain constants the footer on every page reads: kept apart from the schemas (and zod).

/** The shop's own pages, edited by staff in Markdown; each save is a new version (decision 053). */
export const PAGE_SLUGS = ['terms', 'privacy', 'delivery', 'returns', 'legal'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** Their titles in the footer and the console. */
export const PAGE_TITLES: Record<PageSlug, string> = {
  terms: 'Terms of sale',
  privacy: 'Privacy notice',
  delivery: 'Delivery',
  returns: 'Returns',
  legal: 'About and legal notice',
};

/** Where a page is read: `/pages/terms`. */
export const pagePath = (slug: PageSlug) => `/pages/${slug}`;
