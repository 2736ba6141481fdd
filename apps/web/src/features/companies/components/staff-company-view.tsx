import { useState, type FormEvent } from 'react';
import { formatMoney, type StaffCompanyDetails } from '@storefront/contract';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { useApproveTerms, useSuspendTerms } from '../api/staff-companies';
import { InvoicesTable } from './invoices-table';

/** Approve or change payment on account (days and limit), or suspend it. */
function TermsForm({ company }: { company: StaffCompanyDetails }) {
  const approve = useApproveTerms(company.id);
  const suspend = useSuspendTerms(company.id);
  const [error, setError] = useState<string | null>(null);
  const s = company.standing;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await approve.mutateAsync({
        termsDays: Number(form.get('termsDays')),
        creditLimit: Number(form.get('creditLimit')),
      });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The terms were not saved.');
    }
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="rounded-box bg-base-100 p-4 shadow"
      aria-label="Payment on account"
    >
      <h3 className="font-semibold">Payment on account</h3>
      <p data-testid="staff-standing">
        {s.terms === 'approved'
          ? `Approved: ${s.termsDays} days, limit ${formatMoney(s.creditLimit)}, in use ${formatMoney(s.creditUsed)}, available ${formatMoney(s.creditAvailable)}`
          : s.terms === 'suspended'
            ? `Suspended (in use ${formatMoney(s.creditUsed)})`
            : 'Not approved: orders are paid by card.'}
        {s.overdue > 0 ? `; overdue ${formatMoney(s.overdue)}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="form-control">
          <span className="label-text">Terms (days)</span>
          <input
            name="termsDays"
            type="number"
            min="1"
            max="120"
            defaultValue={s.termsDays ?? 30}
            className="input input-bordered input-sm w-24"
          />
        </label>
        <label className="form-control">
          <span className="label-text">Credit limit</span>
          <input
            name="creditLimit"
            type="number"
            min="0"
            step="0.01"
            defaultValue={s.creditLimit}
            className="input input-bordered input-sm w-32"
          />
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={approve.isPending}>
          {s.terms === 'approved' ? 'Save terms' : 'Approve terms'}
        </button>
        {s.terms === 'approved' && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={suspend.isPending}
            onClick={() => void suspend.mutateAsync().catch(() => undefined)}
          >
            Suspend terms
          </button>
        )}
      </div>
      <FormError message={error} />
    </form>
  );
}

/** A company as staff see it: details, members, terms and standing, invoices. */
export function StaffCompanyView({ company }: { company: StaffCompanyDetails }) {
  return (
    <div className="space-y-6">
      <div className="rounded-box bg-base-100 p-4 shadow">
        <h2 className="text-xl font-semibold">{company.name}</h2>
        <p>Tax/VAT id: {company.taxId}</p>
        <p>
          Billing: {company.billingAddress.street}, {company.billingAddress.postalCode}{' '}
          {company.billingAddress.city}, {company.billingAddress.country}
        </p>
      </div>
      <TermsForm company={company} />
      <div className="overflow-x-auto rounded-box bg-base-100 shadow">
        <table className="table" aria-label="Members">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
            </tr>
          </thead>
          <tbody>
            {company.members.map((m) => (
              <tr key={m.userId}>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>{m.role}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section>
        <h3 className="mb-2 font-semibold">Invoices</h3>
        <InvoicesTable invoices={company.invoices} label="Invoices of the company" />
      </section>
    </div>
  );
}
