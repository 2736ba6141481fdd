import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { dashboardPaths } from '../../config/dashboard-paths';
import type { QuoteResponse, QuoteStatus } from '@storefront/contract';
import { FormError } from '../../components/ui/form-error';
import { useQuote, useWithdrawQuote } from '../../features/quotes/api/quotes';
import { formatDate } from '../../lib/dates';
import { QuoteAnswer } from '../../features/quotes/components/quote-answer';
import { QuoteView } from '../../features/quotes/components/quote-view';

const WITHDRAWABLE: QuoteStatus[] = ['requested', 'revision_requested'];

/** The day an offer expired, when it has (marked so, refused so, or past its date); else null. */
function expiredOn(quote: QuoteResponse, refused: string | null): string | null {
  if (!quote.validUntil) return null;
  const past =
    quote.status === 'expired' ||
    (quote.status === 'offered' &&
      (refused === 'QUOTE_EXPIRED' || Date.parse(quote.validUntil) <= Date.now()));
  return past ? formatDate(quote.validUntil) : null;
}

/** One quote as the buyer sees it: the offer, what changed, the answer, the history. */
export default function QuoteRoute() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  // An answer refused because the quote changed since it was opened (its code): the newer one is
  // shown, or, for an offer past its date, when it expired.
  const [refused, setRefused] = useState<string | null>(null);
  const withdraw = useWithdrawQuote(id);
  usePageTitle(quote.data ? `Quote ${quote.data.number}` : 'Quote');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link to={paths.quotes.href()} className="link inline-block py-1">
        ← My quotes
      </Link>
      {quote.isPending ? (
        <Spinner label="Loading the quote…" />
      ) : quote.isError ? (
        <ErrorMessage
          title="We could not load this quote."
          error={quote.error}
          onRetry={() => void quote.refetch()}
        />
      ) : (
        <>
          {expiredOn(quote.data, refused) ? (
            <p role="status" className="alert alert-warning" data-testid="quote-expired">
              This offer expired on {expiredOn(quote.data, refused)}.
            </p>
          ) : (
            refused && (
              <p role="status" className="alert alert-warning" data-testid="quote-changed">
                This quote changed since you opened it: here it is as it is now.
              </p>
            )
          )}
          <QuoteView quote={quote.data} />
          {quote.data.status === 'offered' && !expiredOn(quote.data, refused) && (
            <QuoteAnswer
              key={quote.data.version}
              quote={quote.data}
              onStale={(code) => {
                setRefused(code);
                void quote.refetch();
              }}
            />
          )}
          {WITHDRAWABLE.includes(quote.data.status) && (
            <div className="rounded-box bg-base-100 p-4 shadow">
              <p className="mb-2 text-sm">
                Our sales team has not answered yet. No longer needed? Withdraw the request.
              </p>
              <button
                type="button"
                className="btn btn-outline"
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(undefined, {
                    onSettled: () => void quote.refetch(),
                  })
                }
              >
                Withdraw request
              </button>
              <FormError message={withdraw.error?.message} />
            </div>
          )}
          {quote.data.orderId && (
            <p className="rounded-box bg-base-100 p-4 shadow">
              This quote is order{' '}
              <Link
                to={dashboardPaths.order.href(quote.data.orderId)}
                className="link link-primary"
              >
                {quote.data.orderNumber}
              </Link>
              .
            </p>
          )}
        </>
      )}
    </div>
  );
}
