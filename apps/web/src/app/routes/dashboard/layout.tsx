import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../features/auth/use-auth';

type Item = { to: string; label: string };

const adminItems: Item[] = [
  { to: paths.dashboard.addPart.href(), label: 'Add a part' },
  { to: paths.dashboard.root.href(), label: 'My Profile' },
];
const customerItems: Item[] = [
  { to: paths.dashboard.myOrders.href(), label: 'My Orders' },
  { to: paths.dashboard.addReview.href(), label: 'Add A Review' },
  { to: paths.dashboard.root.href(), label: 'My Profile' },
];

export default function DashboardLayout() {
  const auth = useAuth();
  const items = auth.isAdmin ? adminItems : customerItems;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <aside aria-label="Dashboard">
        <h1 className="mb-3 text-2xl font-bold">Dashboard</h1>
        {auth.adminPending ? (
          <Spinner label="Loading your menu…" className="py-4" />
        ) : (
          <ul
            className="menu w-full rounded-box bg-base-100 shadow"
            data-testid="dashboard-sidebar"
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <section className="min-w-0">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
