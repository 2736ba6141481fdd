import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { dashboardPaths } from '../../config/dashboard-paths';
import { useQuote } from '../../features/quotes/api/quotes';
import { QuoteAnswer } from '../../features/quotes/components/quote-answer';
import { QuoteView } from '../../features/quotes/components/quote-view';

/** One quote as the buyer sees it: the offer, what changed, the answer, the history. */
export default function QuoteRoute() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  // An answer refused because the quote changed since it was opened: the newer one is shown.
  const [changed, setChanged] = useState(false);
  usePageTitle(quote.data ? `Quote ${quote.data.number}` : 'Quote');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Link to={paths.quotes.href()} className="link">
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
          {changed && (
            <p role="status" className="alert alert-warning" data-testid="quote-changed">
              This quote changed since you opened it: here it is as it is now.
            </p>
          )}
          <QuoteView quote={quote.data} />
          {quote.data.status === 'offered' && (
            <QuoteAnswer
              key={quote.data.version}
              quote={quote.data}
              onStale={() => {
                setChanged(true);
                void quote.refetch();
              }}
            />
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
