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

/**
 * Every cookie and browser store the shop sets, as the privacy notice lists them: one list, which
 * the notice's starting text is written from and a browser test compares with what a session
 * really holds. A key added to the shop without a line here fails that test.
 */
export const BROWSER_STORAGE = [
  {
    name: 'better-auth.session_token',
    where: 'cookie',
    purpose: 'keeps you signed in; removed when you log out',
  },
  {
    name: 'sf_device',
    where: 'cookie',
    purpose:
      'set when you sign in: tells the shop this browser signed in to your account before, so a wave of wrong passwords from elsewhere does not lock you out',
  },
  {
    name: 'accessKey',
    where: 'local storage',
    purpose: 'the short-lived key the app sends with your requests while signed in',
  },
  {
    name: 'cart:v1',
    where: 'local storage',
    purpose: 'your cart while you are not signed in, so it survives a reload',
  },
  {
    name: 'cart:v1:merge-id',
    where: 'local storage',
    purpose:
      "a random name for that cart, so that it joins your account's cart only once when you sign in; removed with the cart",
  },
  {
    name: 'myVehicle',
    where: 'local storage',
    purpose: 'the vehicle you chose while not signed in, to show the parts that fit it',
  },
  {
    name: 'pending-order:{part}',
    where: 'session storage',
    purpose: 'an order form you filled in before signing in, until you place it or close the tab',
  },
] as const;
