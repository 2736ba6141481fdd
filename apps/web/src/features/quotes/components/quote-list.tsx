import { Link } from 'react-router';
import { formatMoney, type QuoteSummary } from '@storefront/contract';
import { QuoteStatusBadge } from './quote-status';

const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** Quotes as a table (cards on a phone): number, status, total, valid until. */
export function QuoteList({
  quotes,
  hrefOf,
}: {
  quotes: QuoteSummary[];
  hrefOf: (id: string) => string;
}) {
  if (quotes.length === 0)
    return (
      <p className="rounded-box bg-base-100 p-8 text-center shadow" data-testid="quotes-empty">
        No quotes yet. Ask for a price from your cart with “Request a quote”.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label="Quotes">
        <thead>
          <tr>
            <th>Quote</th>
            <th>Status</th>
            <th className="text-right">Total</th>
            <th>Valid until</th>
            <th>Asked on</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => (
            <tr key={q.id}>
              <td>
                <Link to={hrefOf(q.id)} className="link link-primary font-mono">
                  {q.number}
                </Link>
                <span className="block text-xs text-base-content/70">
                  {q.lineCount} {q.lineCount === 1 ? 'line' : 'lines'}
                </span>
              </td>
              <td>
                <QuoteStatusBadge status={q.status} />
              </td>
              <td className="text-right">{q.total === null ? '—' : formatMoney(q.total)}</td>
              <td>{date(q.validUntil)}</td>
              <td>{date(q.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
