import { Link } from 'react-router';
import { formatMoney, srcsetFor, type StaffPartRow, formatCount } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';

/** One page of parts with their stock; low stock and archived parts are marked in words. */
export function StaffPartsTable({ parts }: { parts: StaffPartRow[] }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table table-sm" data-testid="staff-parts-table">
        <caption className="sr-only">Parts by name</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Picture</span>
            </th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Price
            </th>
            <th scope="col" className="text-right">
              Minimum order
            </th>
            <th scope="col" className="text-right">
              In stock
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part._id} data-testid="staff-part-row">
              <td>
                <img
                  src={part.url}
                  srcSet={srcsetFor(part.url) ?? undefined}
                  sizes="48px"
                  alt=""
                  loading="lazy"
                  className="h-12 w-12 rounded object-contain"
                />
              </td>
              <td>
                <Link
                  to={dashboardPaths.staffPart.href(part._id)}
                  className="link link-primary font-medium"
                >
                  {part.name}
                </Link>
                <span className="block font-mono text-xs text-base-content/70">{part.sku}</span>
              </td>
              <td className="text-right whitespace-nowrap">{formatMoney(part.price)}</td>
              <td className="text-right">{formatCount(part.mOrderQuantity)}</td>
              <td className="text-right whitespace-nowrap" data-testid="staff-part-stock">
                {formatCount(part.availableQuantity)}
              </td>
              <td className="space-x-1 whitespace-nowrap">
                {part.archivedAt && <span className="badge badge-neutral">Archived</span>}
                {part.availableQuantity === 0 ? (
                  <span className="badge badge-error">Out of stock</span>
                ) : (
                  part.lowStock && <span className="badge badge-warning">Low stock</span>
                )}
                {!part.archivedAt && !part.lowStock && (
                  <span className="badge badge-ghost">Live</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
