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
  dashboard: {
    root: { path: '/dashboard', href: () => '/dashboard' },
    myOrders: { path: 'my-orders', href: () => '/dashboard/my-orders' },
    /** A customer's order: its receipt, invoice, mails and progress. */
    order: {
      path: 'my-orders/:id',
      href: (orderId: string) => `/dashboard/my-orders/${encodeURIComponent(orderId)}`,
    },
    payment: {
      path: 'payment/:id',
      href: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    /** The buyer's companies: members, invitations, standing. */
    company: { path: 'company', href: () => '/dashboard/company' },
    /** My Orders' "Company orders". */
    companyOrders: { path: 'company-orders', href: () => '/dashboard/company-orders' },
    addReview: { path: 'add-a-review', href: () => '/dashboard/add-a-review' },
    addPart: { path: 'add-a-part', href: () => '/dashboard/add-a-part' },
    /** Staff: every customer's orders; `search` is the filter's query string. */
    orders: { path: 'orders', href: (search = '') => `/dashboard/orders${search}` },
    staffOrder: {
      path: 'orders/:id',
      href: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    },
    parts: { path: 'parts', href: (search = '') => `/dashboard/parts${search}` },
    /** The staff page of one part: stock, its history, archive. */
    staffPart: {
      path: 'parts/:partId',
      href: (partId: string) => `/dashboard/parts/${encodeURIComponent(partId)}`,
    },
    /** The edit form of one part (details, catalog fields, picture). */
    editPart: {
      path: 'parts/:partId/edit',
      href: (partId: string) => `/dashboard/parts/${encodeURIComponent(partId)}/edit`,
    },
    admins: { path: 'admins', href: () => '/dashboard/admins' },
    /** Staff: companies, their terms and standing. */
    companies: { path: 'companies', href: () => '/dashboard/companies' },
    staffCompany: {
      path: 'companies/:companyId',
      href: (companyId: string) => `/dashboard/companies/${encodeURIComponent(companyId)}`,
    },
    /** Staff: invoices on account, overdue and due. */
    invoices: { path: 'invoices', href: () => '/dashboard/invoices' },
    audit: { path: 'audit', href: () => '/dashboard/audit' },
    /** Staff: quote requests and the offers sent. */
    staffQuotes: { path: 'quotes', href: () => '/dashboard/quotes' },
    staffQuote: {
      path: 'quotes/:id',
      href: (id: string) => `/dashboard/quotes/${encodeURIComponent(id)}`,
    },
    /** Staff: the shop's pages, in Markdown, as versions. */
    pages: { path: 'pages', href: () => '/dashboard/pages' },
  },
} as const;
