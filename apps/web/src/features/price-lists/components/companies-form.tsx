import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { PriceListDetails } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { CompanySelect, type CompanyOption } from './company-option';
import { useAssign, useUnassign } from '../api/price-lists';
import { AssignedTable, PriorityField } from './assigned-table';
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
        <AssignedTable
          heading="Company"
          testId="assigned-companies"
          busy={unassign.isPending}
          onTakeOff={(id) => unassign.mutate(id)}
          rows={list.companies.map((c) => ({
            id: c.companyId,
            label: c.companyName,
            priority: c.priority,
            name: (
              <Link className="link" to={dashboardPaths.staffCompany.href(c.companyId)}>
                {c.companyName}
              </Link>
            ),
          }))}
        />
      )}
      <Problems error={unassign.error} />
      <form
        onSubmit={onSubmit}
        aria-label="Assign to a company"
        className="rounded-box bg-base-100 p-4 shadow"
      >
        <div className="grid gap-3 md:grid-cols-3">
          <CompanySelect companies={companies} />
          <PriorityField />
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
