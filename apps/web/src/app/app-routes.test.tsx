import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS, isAppRoute } from '@storefront/contract';
import { AppRoutes } from './router';
import MemberRoutes from './member-routes';

type RouteProps = { path?: string; children?: ReactNode };

/** The absolute paths of every `<Route path>` under an element, catch-alls left out. */
function routePaths(node: ReactNode, base = ''): string[] {
  const found: string[] = [];
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const { path, children } = (child as ReactElement<RouteProps>).props;
    let here = base;
    if (path !== undefined && path !== '*') {
      here = path.startsWith('/') ? path : `${base === '/' ? '' : base}/${path}`;
      found.push(here);
    }
    found.push(...routePaths(children, here));
  });
  return found;
}

describe('the routes the router draws and the server answers 200 for', () => {
  it('are one list', () => {
    const drawn = [...routePaths(AppRoutes()), ...routePaths(MemberRoutes())];
    expect(new Set(drawn).size).toBe(drawn.length);
    expect([...drawn].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });

  it('match pages with their parameters, and nothing else', () => {
    for (const path of [
      '/quick-order',
      '/dashboard/company',
      '/dashboard/company-orders',
      '/dashboard/companies',
      '/dashboard/invoices',
      '/company/join',
      '/dashboard/companies/0b4a',
      '/dashboard/imports/7',
      '/dashboard/parts/p1/edit',
      '/pages/privacy',
      '/dashboard/',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of ['/pages/nope', '/dashboard/nothing/here', '/blogs/x', '/company', '/x']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
