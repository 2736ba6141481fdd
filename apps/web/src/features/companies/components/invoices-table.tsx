import { useState, type FormEvent } from 'react';
import { formatMoney, type AccountInvoice } from '@storefront/contract';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { showError } from '../../../lib/alert';
import { downloadAccountInvoice, downloadCreditNote } from '../api/documents';
import { useIssueCreditNote, useRecordPayment } from '../api/staff-companies';

const failed = (err: unknown) =>
  void showError(
    'The PDF could not be downloaded',
    err instanceof ApiError ? err.message : undefined,
  );

const today = () => new Date().toISOString().slice(0, 10);

/** Record a payment received: amount (what is due by default), day, reference. */
function PaymentForm({ invoice }: { invoice: AccountInvoice }) {
  const record = useRecordPayment();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await record.mutateAsync({
        invoiceId: invoice.id,
        amount: Number(form.get('amount')),
        receivedOn: String(form.get('receivedOn') ?? ''),
        reference: String(form.get('reference') ?? ''),
      });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The payment was not recorded.');
    }
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-wrap items-end gap-2"
      aria-label={`Record a payment for ${invoice.orderNumber}`}
    >
      <label className="form-control">
        <span className="label-text">Amount</span>
        <input
          name="amount"
          type="number"
          step="0.01"
          min="0.01"
          defaultValue={invoice.open}
          className="input input-bordered input-sm w-28"
        />
      </label>
      <label className="form-control">
        <span className="label-text">Received on</span>
        <input
          name="receivedOn"
          type="date"
          defaultValue={today()}
          className="input input-bordered input-sm"
        />
      </label>
      <label className="form-control">
        <span className="label-text">Reference</span>
        <input name="reference" className="input input-bordered input-sm w-36" />
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={record.isPending}>
        Record payment
      </button>
      <FormError message={error} />
    </form>
  );
}

/** A credit note against a shipped order's invoice: amount and reason. */
function CreditNoteForm({ invoice }: { invoice: AccountInvoice }) {
  const issue = useIssueCreditNote();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      await issue.mutateAsync({
        invoiceId: invoice.id,
        amount: Number(form.get('amount')),
        reason: String(form.get('reason') ?? ''),
      });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The credit note was not issued.');
    }
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-wrap items-end gap-2"
      aria-label={`Issue a credit note for ${invoice.orderNumber}`}
    >
      <label className="form-control">
        <span className="label-text">Credit</span>
        <input
          name="amount"
          type="number"
          step="0.01"
          min="0.01"
          className="input input-bordered input-sm w-28"
        />
      </label>
      <label className="form-control">
        <span className="label-text">Reason</span>
        <input name="reason" className="input input-bordered input-sm w-48" />
      </label>
      <button type="submit" className="btn btn-outline btn-sm" disabled={issue.isPending}>
        Issue credit note
      </button>
      <FormError message={error} />
    </form>
  );
}

/** Invoices on account with what is open, their payments and credit notes, and the forms. */
export function InvoicesTable({ invoices, label }: { invoices: AccountInvoice[]; label: string }) {
  if (invoices.length === 0) return <p className="rounded-box bg-base-100 p-4 shadow">None.</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {invoices.map((i) => (
        <li key={i.id} className="rounded-box bg-base-100 p-4 shadow" data-testid="invoice-row">
          <div className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold">
              {i.orderNumber} · {i.company.name}
            </span>
            <span>
              Due {formatDate(i.dueAt)}
              {i.overdue && <span className="badge badge-error ml-2">overdue</span>}
              {i.voided && <span className="badge badge-ghost ml-2">void</span>}
            </span>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => void downloadAccountInvoice(i.orderId, i.orderNumber).catch(failed)}
          >
            Invoice {i.orderNumber} (PDF)
          </button>
          <p data-testid="invoice-figures">
            Amount {formatMoney(i.amount)} · paid {formatMoney(i.paid)}
            {i.credited > 0 ? ` · credited ${formatMoney(i.credited)}` : ''} · open{' '}
            <strong>{formatMoney(i.open)}</strong>
          </p>
          {i.payments.length > 0 && (
            <ul className="text-sm">
              {i.payments.map((p) => (
                <li key={p.recordedAt}>
                  {formatMoney(p.amount)} received {p.receivedOn} ({p.reference})
                </li>
              ))}
            </ul>
          )}
          {i.creditNotes.length > 0 && (
            <ul className="text-sm">
              {i.creditNotes.map((n) => (
                <li key={n.id}>
                  {n.number}: {formatMoney(n.amount)}, {n.reason}{' '}
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => void downloadCreditNote(n.id, n.number).catch(failed)}
                  >
                    {n.number} (PDF)
                  </button>
                </li>
              ))}
            </ul>
          )}
          {i.open > 0 && (
            <div className="mt-2 space-y-2">
              <PaymentForm invoice={i} />
              <CreditNoteForm invoice={i} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
