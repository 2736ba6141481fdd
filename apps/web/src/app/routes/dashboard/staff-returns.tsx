import { useSearchParams } from 'react-router';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStaffReturns } from '../../../features/returns/api/returns';
import { ReturnList } from '../../../features/returns/components/return-list';
import { RestockingFeesPanel } from '../../../features/returns/components/restocking-fees-form';
import { ReturnWindowsPanel } from '../../../features/returns/components/return-windows-form';

/**
 * Staff: the returns queue, filtered by status, reason and age (kept in the address), and the
 * returns settings: windows by category and restocking fees by reason.
 */
export default function StaffReturnsRoute() {
  usePageTitle('Returns');
  const [search, setSearch] = useSearchParams();
  const filter = {
    status: (search.get('status') ?? '') as ReturnStatus | '',
    reason: (search.get('reason') ?? '') as ReturnReason | '',
    age: search.get('age') ?? '',
  };
  const set = (key: string, value: string) =>
    setSearch((s) => {
      if (value) s.set(key, value);
      else s.delete(key);
      return s;
    });
  const returns = useStaffReturns(filter);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Returns</h2>
        <div className="flex flex-wrap gap-2">
          <select
            className="select select-bordered select-sm"
            aria-label="Status"
            value={filter.status}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">Every status</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <select
            className="select select-bordered select-sm"
            aria-label="Reason"
            value={filter.reason}
            onChange={(e) => set('reason', e.target.value)}
          >
            <option value="">Every reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {RETURN_REASON_LABELS[r]}
              </option>
            ))}
          </select>
          <select
            className="select select-bordered select-sm"
            aria-label="Age"
            value={filter.age}
            onChange={(e) => set('age', e.target.value)}
          >
            <option value="">Any age</option>
            <option value="3">Older than 3 days</option>
            <option value="7">Older than 7 days</option>
            <option value="14">Older than 14 days</option>
          </select>
        </div>
      </div>
      {returns.isPending ? (
        <Spinner label="Loading returns…" />
      ) : returns.isError ? (
        <ErrorMessage
          title="We could not load the returns."
          error={returns.error}
          onRetry={() => void returns.refetch()}
        />
      ) : (
        <ReturnList returns={returns.data} hrefOf={dashboardPaths.staffReturn.href} showCustomer />
      )}
      <ReturnWindowsPanel />
      <RestockingFeesPanel />
    </>
  );
}
