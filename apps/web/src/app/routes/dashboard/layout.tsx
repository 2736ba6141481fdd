import { Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useAuth } from '../../../features/auth/use-auth';
import { useWide } from '../../../lib/use-wide';

type Item = { to: string; label: string };

const adminItems: Item[] = [
  { to: dashboardPaths.addPart.href(), label: 'Add a part' },
  { to: dashboardPaths.root.href(), label: 'My Profile' },
];
/** The staff console, beside the spec's two admin items. */
const staffItems: Item[] = [
  { to: dashboardPaths.orders.href(), label: 'Orders' },
  { to: dashboardPaths.parts.href(), label: 'Parts' },
  { to: dashboardPaths.imports.href(), label: 'Import catalog' },
  { to: dashboardPaths.industryFiles.href(), label: 'ACES and PIES' },
  { to: dashboardPaths.companies.href(), label: 'Companies' },
  { to: dashboardPaths.priceLists.href(), label: 'Price lists' },
  { to: dashboardPaths.taxes.href(), label: 'Taxes' },
  { to: dashboardPaths.invoices.href(), label: 'Invoices' },
  { to: dashboardPaths.staffQuotes.href(), label: 'Quotes' },
  { to: dashboardPaths.staffReturns.href(), label: 'Returns' },
  { to: dashboardPaths.admins.href(), label: 'Admins' },
  { to: dashboardPaths.audit.href(), label: 'Audit log' },
  { to: dashboardPaths.apiKeys.href(), label: 'API keys' },
  { to: dashboardPaths.webhooks.href(), label: 'Webhooks' },
  { to: dashboardPaths.pages.href(), label: 'Pages' },
];
/** Buying with colleagues: a menu of its own, so the spec's sidebar stays as it is. */
const companyItems: Item[] = [
  { to: dashboardPaths.company.href(), label: 'Company' },
  { to: dashboardPaths.companyOrders.href(), label: 'Company orders' },
  { to: dashboardPaths.companyIntegrations.href(), label: 'Integrations' },
];
/** Asking for a price: the buyer's quotes (a page of its own, outside the dashboard). */
const quoteItems: Item[] = [{ to: paths.quotes.href(), label: 'My quotes' }];
/** Sending parts back: a menu of its own, so the spec's sidebar stays as it is. */
const returnItems: Item[] = [{ to: dashboardPaths.returns.href(), label: 'My returns' }];
const customerItems: Item[] = [
  { to: dashboardPaths.myOrders.href(), label: 'My Orders' },
  { to: dashboardPaths.addReview.href(), label: 'Add A Review' },
  { to: dashboardPaths.root.href(), label: 'My Profile' },
];

function Menu({ items, label, testId }: { items: Item[]; label?: string; testId: string }) {
  return (
    <ul className="menu w-full rounded-box bg-base-100 shadow" data-testid={testId}>
      {label && <li className="menu-title text-base-content/80">{label}</li>}
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            // The orders list stays marked while an order of it is open.
            end={
              item.to !== dashboardPaths.orders.href() &&
              item.to !== dashboardPaths.staffQuotes.href() &&
              item.to !== dashboardPaths.staffReturns.href() &&
              item.to !== dashboardPaths.returns.href() &&
              item.to !== dashboardPaths.priceLists.href()
            }
            className={({ isActive }) => `min-h-11 items-center ${isActive ? 'menu-active' : ''}`}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function DashboardLayout() {
  const auth = useAuth();
  const wide = useWide();
  const { pathname } = useLocation();
  // The phone's menu is open for the page it was opened on: choosing a page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const items = auth.isAdmin ? adminItems : customerItems;
  const menus = auth.adminPending ? (
    <Spinner label="Loading your menu…" className="py-4" />
  ) : (
    <nav aria-label="Dashboard pages" className="space-y-4">
      <Menu items={items} testId="dashboard-sidebar" />
      <Menu items={companyItems} label="Your company" testId="company-sidebar" />
      <Menu items={quoteItems} label="Quotes" testId="quote-sidebar" />
      <Menu items={returnItems} label="Returns" testId="return-sidebar" />
      {auth.isAdmin && <Menu items={staffItems} label="Run the shop" testId="staff-sidebar" />}
    </nav>
  );
  const current = [...items, ...companyItems, ...quoteItems, ...returnItems, ...staffItems].find(
    (item) => item.to === pathname,
  );
  return (
    // `grid-cols-1` on a phone: an implicit column grows to its widest table (605 px on 390).
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 py-4 md:grid-cols-[14rem_1fr] md:gap-6 md:py-8">
      {wide ? (
        <aside aria-label="Dashboard">
          <h1 className="mb-3 text-2xl font-bold">Dashboard</h1>
          {menus}
        </aside>
      ) : (
        // On a phone the page comes first: its menu is one line above it, opened on demand
        // (the full sidebar pushed a customer's page 470 px down, staff's 790 px).
        <aside aria-label="Dashboard">
          <h1 className="sr-only">Dashboard</h1>
          <details
            className="rounded-box bg-base-100 shadow"
            open={openOn === pathname}
            onToggle={(e) => {
              const open = e.currentTarget.open;
              setOpenOn(open ? pathname : null);
            }}
          >
            <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">
              Dashboard menu{current ? `: ${current.label}` : ''}
            </summary>
            <div className="p-2">{menus}</div>
          </details>
        </aside>
      )}
      <section className="min-w-0">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
