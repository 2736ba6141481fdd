// Plain constants (no zod): the server reads them for every page it serves.
import { PAGE_SLUGS } from './page-constants.js';

/**
 * Every page the web app draws, as router patterns (`:name` is one path segment). The server
 * answers 200 with the app for these and 404 for any other path; the web app's router is held
 * equal to this list by a test (apps/web/src/app/app-routes.test.tsx), so a page added to one
 * and forgotten in the other fails there, not as a 404 on a buyer's reload.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/blogs',
  '/portfolio',
  '/register',
  '/login',
  '/forget-password',
  '/reset-password',
  '/verify-email',
  '/add-new-part',
  '/parts',
  '/parts/:idOrSku',
  '/cart',
  '/quick-order',
  '/checkout',
  '/quotes',
  '/quotes/:id',
  '/company/join',
  '/pages/:slug',
  '/contact',
  '/purchase/:id',
  '/dashboard',
  '/dashboard/my-orders',
  '/dashboard/my-orders/:id',
  '/dashboard/my-orders/:id/return',
  '/dashboard/returns',
  '/dashboard/returns/:id',
  '/dashboard/staff-returns',
  '/dashboard/staff-returns/:id',
  '/dashboard/payment/:id',
  '/dashboard/company',
  '/dashboard/company-orders',
  '/dashboard/company-integrations',
  '/dashboard/add-a-review',
  '/dashboard/add-a-part',
  '/dashboard/orders',
  '/dashboard/orders/:id',
  '/dashboard/parts',
  '/dashboard/parts/:partId',
  '/dashboard/parts/:partId/edit',
  '/dashboard/imports',
  '/dashboard/imports/:id',
  '/dashboard/industry-files',
  '/dashboard/admins',
  '/dashboard/companies',
  '/dashboard/companies/:companyId',
  '/dashboard/invoices',
  '/dashboard/audit',
  '/dashboard/quotes',
  '/dashboard/quotes/:id',
  '/dashboard/pages',
  '/dashboard/api-keys',
  '/dashboard/webhooks',
  '/dashboard/price-lists',
  '/dashboard/price-lists/:id',
  '/dashboard/taxes',
] as const;

/** Parameters whose values are a closed list: any other value is an unknown page. */
const CLOSED_PARAMS: Record<string, readonly string[]> = { slug: PAGE_SLUGS };

function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.startsWith(':')) return pattern === segment;
  const allowed = CLOSED_PARAMS[pattern.slice(1)];
  return segment !== '' && (!allowed || allowed.includes(segment));
}

/** Whether the app draws a page (not its 404 page) at this path; a trailing slash is allowed. */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/');
  return APP_ROUTE_PATTERNS.some((route) => {
    const parts = route.split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, i) => segmentMatches(part, decodeSegment(segments[i] ?? '')));
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
