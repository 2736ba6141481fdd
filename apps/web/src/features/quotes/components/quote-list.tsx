import { Link } from 'react-router';
import { formatMoney, type QuoteSummary } from '@storefront/contract';
import { QuoteStatusBadge } from './quote-status';

const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
const money = (q: QuoteSummary) => (q.total === null ? '—' : formatMoney(q.total));

/** Who asked, for staff: the buyer and, for a company's quote, the company. */
function Customer({ quote }: { quote: QuoteSummary }) {
  return (
    <>
      <span className="block">{quote.buyer?.name ?? 'Deleted account'}</span>
      <span className="block text-xs break-all text-base-content/70">
        {quote.companyName ?? quote.buyer?.email ?? ''}
      </span>
    </>
  );
}

/**
 * Quotes as a table on a wide screen and as cards on a phone (where five columns would hide the
 * last ones): number, status, total, valid until, asked on; staff also see who asked.
 */
export function QuoteList({
  quotes,
  hrefOf,
  showCustomer = false,
}: {
  quotes: QuoteSummary[];
  hrefOf: (id: string) => string;
  showCustomer?: boolean;
}) {
  if (quotes.length === 0)
    return (
      <p className="rounded-box bg-base-100 p-8 text-center shadow" data-testid="quotes-empty">
        No quotes yet. Ask for a price from your cart with “Request a quote”.
      </p>
    );
  const number = (q: QuoteSummary) => (
    <Link
      to={hrefOf(q.id)}
      className="link link-primary inline-block py-1 font-mono whitespace-nowrap"
    >
      {q.number}
    </Link>
  );
  const lines = (q: QuoteSummary) => `${q.lineCount} ${q.lineCount === 1 ? 'line' : 'lines'}`;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow md:block">
        <table className="table" aria-label="Quotes">
          <thead>
            <tr>
              <th>Quote</th>
              {showCustomer && <th>Customer</th>}
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
                  {number(q)}
                  <span className="block text-xs text-base-content/70">{lines(q)}</span>
                </td>
                {showCustomer && (
                  <td data-testid="quote-customer">
                    <Customer quote={q} />
                  </td>
                )}
                <td>
                  <QuoteStatusBadge status={q.status} />
                </td>
                <td className="text-right whitespace-nowrap">{money(q)}</td>
                <td className="whitespace-nowrap">{date(q.validUntil)}</td>
                <td className="whitespace-nowrap">{date(q.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Quotes">
        {quotes.map((q) => (
          <li key={q.id} className="card bg-base-100 shadow">
            <div className="card-body gap-1 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {number(q)}
                <QuoteStatusBadge status={q.status} />
              </div>
              {showCustomer && (
                <div className="text-sm" data-testid="quote-customer">
                  <Customer quote={q} />
                </div>
              )}
              <dl className="grid grid-cols-2 gap-x-4 text-sm">
                <dt className="text-base-content/70">Total</dt>
                <dd className="font-semibold">{money(q)}</dd>
                <dt className="text-base-content/70">Lines</dt>
                <dd>{q.lineCount}</dd>
                <dt className="text-base-content/70">Valid until</dt>
                <dd>{date(q.validUntil)}</dd>
                <dt className="text-base-content/70">Asked on</dt>
                <dd>{date(q.createdAt)}</dd>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
