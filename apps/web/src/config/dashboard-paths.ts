import { paths } from './paths';

/**
 * The dashboard's paths (`path` relative to `/dashboard`), apart from `paths.ts` so that the
 * home page's script does not carry them: only the signed-in pages, loaded on their own, import
 * this file.
 */
export const dashboardPaths = {
  ...paths.dashboard,
  myOrders: { path: 'my-orders', href: () => '/dashboard/my-orders' },
  /** A customer's order: its receipt, invoice, mails and progress. */
  order: {
    path: 'my-orders/:id',
    href: (orderId: string) => `/dashboard/my-orders/${encodeURIComponent(orderId)}`,
  },
  /** "Return parts" of a delivered order (its buyer, or a member of its company). */
  newReturn: {
    path: 'my-orders/:id/return',
    href: (orderId: string) => `/dashboard/my-orders/${encodeURIComponent(orderId)}/return`,
  },
  /** The buyer's returns and one return's page (status, history, slip). */
  returns: { path: 'returns', href: () => '/dashboard/returns' },
  returnPage: {
    path: 'returns/:id',
    href: (id: string) => `/dashboard/returns/${encodeURIComponent(id)}`,
  },
  /** Staff: the returns queue and one return's page with its actions. */
  staffReturns: {
    path: 'staff-returns',
    href: (search = '') => `/dashboard/staff-returns${search}`,
  },
  staffReturn: {
    path: 'staff-returns/:id',
    href: (id: string) => `/dashboard/staff-returns/${encodeURIComponent(id)}`,
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
  /** Staff: bring the catalog in from a spreadsheet (preview, then apply), and export it. */
  imports: { path: 'imports', href: () => '/dashboard/imports' },
  staffImport: {
    path: 'imports/:id',
    href: (id: string) => `/dashboard/imports/${encodeURIComponent(id)}`,
  },
  /** Staff: VCdb releases and ACES files (decision 067). */
  industryFiles: { path: 'industry-files', href: () => '/dashboard/industry-files' },
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
  /** Staff: API keys for the shop's own systems, and webhook endpoints (issue 35). */
  apiKeys: { path: 'api-keys', href: () => '/dashboard/api-keys' },
  webhooks: { path: 'webhooks', href: () => '/dashboard/webhooks' },
  /** Staff: companies' negotiated prices (issue 36). */
  priceLists: { path: 'price-lists', href: () => '/dashboard/price-lists' },
  priceList: {
    path: 'price-lists/:id',
    href: (id: string) => `/dashboard/price-lists/${encodeURIComponent(id)}`,
  },
  /** Staff: where the shop collects tax (issue 37). */
  taxes: { path: 'taxes', href: () => '/dashboard/taxes' },
  /** A company owner: keys and webhooks for the company's ERP. */
  companyIntegrations: {
    path: 'company-integrations',
    href: () => '/dashboard/company-integrations',
  },
  /** Staff: the shop's pages, in Markdown, as versions. */
  pages: { path: 'pages', href: () => '/dashboard/pages' },
} as const;
