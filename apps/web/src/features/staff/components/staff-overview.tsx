import { Link } from 'react-router';
import { formatMoney } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { toSearch } from '../api/staff-orders';
import { useStaffOverview } from '../api/staff-people';
import { BackupStatusLine } from './backup-status';

const day = (offset = 0) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

function Stat({
  to,
  title,
  value,
  detail,
}: {
  to: string;
  title: string;
  value: string;
  detail?: string;
}) {
  return (
    <Link to={to} className="stat rounded-box bg-base-100 shadow hover:bg-base-200">
      <span className="stat-title text-base-content/80">{title}</span>
      <span className="stat-value text-2xl">{value}</span>
      {detail && <span className="stat-desc text-base-content/80">{detail}</span>}
    </Link>
  );
}

/** The shop at a glance, each figure opening its filtered list. */
export function StaffOverviewPanel() {
  const overview = useStaffOverview();
  if (overview.isPending)
    return (
      <div
        className="skeleton mb-6 h-28 w-full"
        aria-busy="true"
        aria-label="Loading the overview"
      />
    );
  if (overview.isError)
    return (
      <p role="alert" className="mb-6 text-sm text-error">
        The overview could not be loaded: {overview.error.message}
      </p>
    );
  const { today, last30Days, waitingToShip, lowStockParts, openReturns, overdueCores, warnings } =
    overview.data;
  return (
    <section aria-labelledby="overview-heading" className="mb-8" data-testid="staff-overview">
      <h2 id="overview-heading" className="mb-3 text-xl font-semibold">
        Overview
      </h2>
      {warnings.length > 0 && (
        <ul className="alert alert-warning mb-4 block space-y-1" data-testid="setup-warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          to={dashboardPaths.orders.href(toSearch({ from: day(), to: day() }))}
          title="Paid today"
          value={formatMoney(today.revenue)}
          detail={`${today.paidOrders} orders`}
        />
        <Stat
          to={dashboardPaths.orders.href(toSearch({ from: day(29), to: day() }))}
          title="Paid, last 30 days"
          value={formatMoney(last30Days.revenue)}
          detail={`${last30Days.paidOrders} orders`}
        />
        <Stat
          to={dashboardPaths.orders.href(toSearch({ status: 'paid' }))}
          title="Waiting to ship"
          value={String(waitingToShip)}
          detail="paid, not shipped"
        />
        <Stat
          to={dashboardPaths.parts.href(toSearch({ stock: 'low' }))}
          title="Low on stock"
          value={String(lowStockParts)}
          detail="parts to restock"
        />
        <Stat
          to={dashboardPaths.staffReturns.href()}
          title="Open returns"
          value={String(openReturns)}
          detail="not yet settled"
        />
        <Stat
          to={dashboardPaths.staffReturns.href()}
          title="Overdue cores"
          value={String(overdueCores)}
          detail="old parts not back in time"
        />
      </div>
      <BackupStatusLine />
    </section>
  );
}
