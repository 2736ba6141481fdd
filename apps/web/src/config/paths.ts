/** Every route of the app, in one place: `path` for the router, `href()` for links. */
export const paths = {
  home: { path: '/', href: () => '/' },
  blogs: { path: '/blogs', href: () => '/blogs' },
  portfolio: { path: '/portfolio', href: () => '/portfolio' },
  register: { path: '/register', href: () => '/register' },
  login: { path: '/login', href: () => '/login' },
  forgetPassword: { path: '/forget-password', href: () => '/forget-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', href: () => '/verify-email' },
  addNewPart: { path: '/add-new-part', href: () => '/add-new-part' },
  /** Browse and search; `search` is the filter's query string (`?q=…&category=…`). */
  parts: { path: '/parts', href: (search = '') => `/parts${search}` },
  /** A part's public page, by id (its canonical address) or part number. */
  part: {
    path: '/parts/:idOrSku',
    href: (idOrSku: string) => `/parts/${encodeURIComponent(idOrSku)}`,
  },
  /** The buyer's cart: a visitor's kept in the browser, an account's on the server. */
  cart: { path: '/cart', href: () => '/cart' },
  /** A pasted list of part numbers and quantities into the cart (signed-in buyers). */
  quickOrder: { path: '/quick-order', href: () => '/quick-order' },
  /** The cart's lines once more, where they go, and "Place order". */
  checkout: { path: '/checkout', href: () => '/checkout' },
  /** "My quotes": the buyer's requests for a price and the offers made. */
  quotes: { path: '/quotes', href: () => '/quotes' },
  quote: { path: '/quotes/:id', href: (id: string) => `/quotes/${encodeURIComponent(id)}` },
  /** An invitation's link: the code is in the fragment (`#…`). */
  companyJoin: { path: '/company/join', href: () => '/company/join' },
  /** The shop's pages: terms of sale, privacy notice, delivery, returns, legal notice. */
  page: { path: '/pages/:slug', href: (slug: string) => `/pages/${encodeURIComponent(slug)}` },
  contact: { path: '/contact', href: () => '/contact' },
  purchase: { path: '/purchase/:id', href: (id: string) => `/purchase/${encodeURIComponent(id)}` },
  /**
   * The dashboard's root and the one sub-path the public router needs; every other dashboard
   * path is in `dashboard-paths.ts`, which only the signed-in pages load.
   */
  dashboard: {
    root: { path: '/dashboard', href: () => '/dashboard' },
    addPart: { path: 'add-a-part', href: () => '/dashboard/add-a-part' },
  },
} as const;
