import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useMyQuotes } from '../../features/quotes/api/quotes';
import { QuoteList } from '../../features/quotes/components/quote-list';

/** "My quotes": the buyer's requests for a price and their companies', newest first. */
export default function QuotesRoute() {
  usePageTitle('My quotes');
  const quotes = useMyQuotes();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">My quotes</h1>
      {quotes.isPending ? (
        <Spinner label="Loading your quotes…" />
      ) : quotes.isError ? (
        <ErrorMessage
          title="We could not load your quotes."
          error={quotes.error}
          onRetry={() => void quotes.refetch()}
        />
      ) : (
        <QuoteList quotes={quotes.data} hrefOf={paths.quote.href} />
      )}
    </div>
  );
}
