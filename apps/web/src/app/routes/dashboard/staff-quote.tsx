import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStaffQuote } from '../../../features/quotes/api/staff-quotes';
import { QuoteView } from '../../../features/quotes/components/quote-view';
import { StaffQuoteEditor } from '../../../features/quotes/components/staff-quote-editor';

const OPEN = ['requested', 'offered', 'revision_requested'];

/** Staff: one quote, its versions and history, and the next offer (or decline) while open. */
export default function StaffQuoteRoute() {
  const { id = '' } = useParams();
  const quote = useStaffQuote(id);
  usePageTitle(quote.data ? `Quote ${quote.data.number}` : 'Quote');
  if (quote.isPending) return <Spinner label="Loading the quote…" />;
  if (quote.isError)
    return (
      <ErrorMessage
        title="We could not load this quote."
        error={quote.error}
        onRetry={() => void quote.refetch()}
      />
    );
  return (
    <div className="space-y-6">
      <Link to={dashboardPaths.staffQuotes.href()} className="link inline-block py-1">
        ← Quotes
      </Link>
      <QuoteView quote={quote.data} audience="staff" />
      {OPEN.includes(quote.data.status) && (
        <StaffQuoteEditor
          key={quote.data.version}
          quote={quote.data}
          onStale={() => void quote.refetch()}
        />
      )}
      {quote.data.orderId && (
        <Link to={dashboardPaths.staffOrder.href(quote.data.orderId)} className="link link-primary">
          Order {quote.data.orderNumber}
        </Link>
      )}
    </div>
  );
}
