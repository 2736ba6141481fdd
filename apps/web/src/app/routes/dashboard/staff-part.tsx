import { Link, useParams } from 'react-router';
import { formatMoney, srcsetFor, formatCount } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useSetArchived, useStaffPart } from '../../../features/staff/api/staff-parts';
import { StockChangeForm } from '../../../features/staff/components/stock-change-form';
import { StockHistory } from '../../../features/staff/components/stock-history';
import { ApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/dates';

export default function StaffPartRoute() {
  const { partId = '' } = useParams();
  const details = useStaffPart(partId);
  const setArchived = useSetArchived(partId);
  usePageTitle(details.data ? details.data.part.name : 'Part');
  const back = (
    <Link to={dashboardPaths.parts.href()} className="link link-primary mb-4 inline-block">
      ← All parts
    </Link>
  );
  if (details.isPending) return <Spinner label="Loading the part…" />;
  if (details.isError)
    return details.error instanceof ApiError && details.error.status === 404 ? (
      <div role="alert">
        {back}
        <h2 className="text-xl font-semibold">Part not found</h2>
      </div>
    ) : (
      <ErrorMessage
        title="We could not load the part."
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  const { part } = details.data;
  const archived = part.archivedAt !== null;

  const onArchive = async () => {
    const yes = await confirm(
      archived ? 'Put this part back in the catalog?' : 'Archive this part?',
      archived
        ? 'Customers can find and order it again.'
        : 'It leaves the catalog and can no longer be ordered. Past orders keep it; you can restore it later.',
      archived ? 'Restore' : 'Archive',
    );
    if (yes) setArchived.mutate(!archived);
  };

  return (
    <>
      {back}
      <div className="mb-4 flex flex-wrap items-start gap-4 rounded-box bg-base-100 p-4 shadow">
        <img
          src={part.url}
          srcSet={srcsetFor(part.url) ?? undefined}
          sizes="128px"
          alt=""
          className="h-32 w-32 rounded object-contain"
        />
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold">{part.name}</h2>
          <p className="mt-1 space-x-1">
            {archived ? (
              <span className="badge badge-neutral">
                Archived {formatDateTime(part.archivedAt)}
              </span>
            ) : (
              <span className="badge badge-ghost">In the catalog</span>
            )}
            {part.availableQuantity === 0 ? (
              <span className="badge badge-error">Out of stock</span>
            ) : (
              part.lowStock && <span className="badge badge-warning">Low stock</span>
            )}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Price</dt>
            <dd>{formatMoney(part.price)}</dd>
            <dt className="font-medium">Minimum order</dt>
            <dd>{formatCount(part.mOrderQuantity)}</dd>
            <dt className="font-medium">In stock</dt>
            <dd data-testid="part-stock-level">{formatCount(part.availableQuantity)}</dd>
          </dl>
          <p className="mt-3 line-clamp-3 text-sm">{part.description}</p>
        </div>
        <div className="flex flex-col gap-2">
          <Link to={dashboardPaths.editPart.href(part._id)} className="btn btn-outline btn-sm">
            Edit details
          </Link>
          <button
            type="button"
            className={`btn btn-sm ${archived ? 'btn-primary' : 'btn-outline btn-error'}`}
            onClick={() => void onArchive()}
            disabled={setArchived.isPending}
          >
            {archived ? 'Restore to the catalog' : 'Archive'}
          </button>
          {setArchived.error && (
            <p role="alert" className="text-sm text-error">
              {setArchived.error.message}
            </p>
          )}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <section className="rounded-box bg-base-100 p-4 shadow">
          <StockChangeForm part={part} />
        </section>
        <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="history-heading">
          <h3 id="history-heading" className="mb-2 font-semibold">
            Stock history
          </h3>
          <StockHistory partId={part._id} />
        </section>
      </div>
    </>
  );
}
