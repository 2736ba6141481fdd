import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useStaffInvoices } from '../../../features/companies/api/staff-companies';
import { InvoicesTable } from '../../../features/companies/components/invoices-table';

/** What companies owe on account: overdue first, then due, soonest first. */
export default function StaffInvoicesRoute() {
  usePageTitle('Invoices');
  const invoices = useStaffInvoices();
  if (invoices.isPending) return <Spinner label="Loading the invoices…" />;
  if (invoices.isError)
    return (
      <ErrorMessage
        title="We could not load the invoices."
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
      />
    );
  return (
    <div className="space-y-6">
      <section>
        <h2 className="mb-2 text-xl font-semibold">Overdue</h2>
        <InvoicesTable invoices={invoices.data.overdue} label="Overdue invoices" />
      </section>
      <section>
        <h2 className="mb-2 text-xl font-semibold">Due</h2>
        <InvoicesTable invoices={invoices.data.due} label="Due invoices" />
      </section>
    </div>
  );
}
