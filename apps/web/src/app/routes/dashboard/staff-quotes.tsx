import { useState } from 'react';
import { QUOTE_STATUSES, type QuoteStatus } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStaffQuotes } from '../../../features/quotes/api/staff-quotes';
import { QuoteList } from '../../../features/quotes/components/quote-list';
import { quoteStatusLabel } from '../../../features/quotes/components/quote-status';

/** Staff: every quote, by status (requests and revisions asked first to answer). */
export default function StaffQuotesRoute() {
  usePageTitle('Quotes');
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const quotes = useStaffQuotes(status);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Quotes</h2>
        <select
          className="select select-bordered select-sm"
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as QuoteStatus | '')}
        >
          <option value="">Every status</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {quoteStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {quotes.isPending ? (
        <Spinner label="Loading quotes…" />
      ) : quotes.isError ? (
        <ErrorMessage
          title="We could not load the quotes."
          error={quotes.error}
          onRetry={() => void quotes.refetch()}
        />
      ) : (
        <QuoteList quotes={quotes.data} hrefOf={dashboardPaths.staffQuote.href} showCustomer />
      )}
    </>
  );
}
