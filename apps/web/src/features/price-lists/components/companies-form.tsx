import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { PriceListDetails } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { CompanySelect, type CompanyOption } from './company-option';
import { useAssign, useUnassign } from '../api/price-lists';
import { Problems } from './problems';

/** The companies that buy at this list, each with its priority; assign another or take one off. */
export function CompaniesForm({
  list,
  companies,
}: {
  list: PriceListDetails;
  companies: CompanyOption[] | undefined;
}) {
  const assign = useAssign(list.id);
  const unassign = useUnassign(list.id);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    assign.mutate({
      companyId: String(data.get('companyId') ?? ''),
      priority: Number(data.get('priority') ?? 0),
    });
  };
  return (
    <>
      {list.companies.length === 0 ? (
        <p className="mb-2" data-testid="assigned-none">
          No company buys at this list yet.
        </p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="table table-sm mb-2" data-testid="assigned-companies">
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Priority</th>
                <th scope="col">
                  <span className="sr-only">Take off</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.companies.map((c) => (
                <tr key={c.companyId}>
                  <td>
                    <Link className="link" to={dashboardPaths.staffCompany.href(c.companyId)}>
                      {c.companyName}
                    </Link>
                  </td>
                  <td>{c.priority}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={unassign.isPending}
                      onClick={() => unassign.mutate(c.companyId)}
                    >
                      Take off<span className="sr-only"> {c.companyName}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Problems error={unassign.error} />
      <form
        onSubmit={onSubmit}
        aria-label="Assign to a company"
        className="rounded-box bg-base-100 p-4 shadow"
      >
        <div className="grid gap-3 md:grid-cols-3">
          <CompanySelect companies={companies} />
          <label className="form-control">
            <span className="label-text">Priority</span>
            <input
              name="priority"
              type="number"
              step="1"
              required
              defaultValue={0}
              className="input input-bordered w-full"
            />
          </label>
        </div>
        <p className="mt-2 text-sm text-base-content/70">
          Of a company's lists that price a part, the highest priority decides.
        </p>
        <SubmitButton busy={assign.isPending}>Assign</SubmitButton>
        <Problems error={assign.error} />
      </form>
    </>
  );
}
