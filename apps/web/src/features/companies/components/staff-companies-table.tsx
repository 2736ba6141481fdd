import { Link } from 'react-router';
import { formatMoney, type StaffCompanyRow } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';

/** Every company with its standing, for the console. */
export function StaffCompaniesTable({ companies }: { companies: StaffCompanyRow[] }) {
  if (companies.length === 0)
    return <p className="rounded-box bg-base-100 p-8 text-center shadow">No companies yet.</p>;
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label="Companies">
        <thead>
          <tr>
            <th>Company</th>
            <th>Tax/VAT id</th>
            <th>Members</th>
            <th>Terms</th>
            <th>Credit in use</th>
            <th>Overdue</th>
          </tr>
        </thead>
        <tbody>
          {companies.map((c) => (
            <tr key={c.id} data-testid="staff-company-row">
              <td>
                <Link to={dashboardPaths.staffCompany.href(c.id)} className="link link-primary">
                  {c.name}
                </Link>
              </td>
              <td>{c.taxId}</td>
              <td>{c.members}</td>
              <td>
                {c.standing.terms === 'approved'
                  ? `${c.standing.termsDays} days, limit ${formatMoney(c.standing.creditLimit)}`
                  : c.standing.terms}
              </td>
              <td>{formatMoney(c.standing.creditUsed)}</td>
              <td>{c.standing.overdue > 0 ? formatMoney(c.standing.overdue) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
