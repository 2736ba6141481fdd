import {
  formatMoney,
  type QuoteResponse,
  type QuoteVersion,
  formatCount,
} from '@storefront/contract';
import { QuoteStatusBadge, quoteStatusLabel } from './quote-status';

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

function VersionLines({ version }: { version: QuoteVersion }) {
  const request = version.version === 0;
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="table table-sm" aria-label={request ? 'Lines asked for' : 'Offered lines'}>
        <thead>
          <tr>
            <th>Part</th>
            <th className="text-right">Quantity</th>
            <th className="text-right">{request ? 'Target unit price' : 'Unit price'}</th>
            {!request && <th className="text-right">Line total</th>}
          </tr>
        </thead>
        <tbody>
          {version.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>
                <span className="font-mono">{l.sku}</span> {l.partName}
              </td>
              <td className="text-right">{formatCount(l.quantity)}</td>
              <td className="text-right">{money(request ? l.targetUnitPrice : l.unitPrice)}</td>
              {!request && <td className="text-right">{money(l.lineTotal)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A quote: its current version (what changed from the one before), older versions, its history. */
export function QuoteView({
  quote,
  audience = 'buyer',
}: {
  quote: QuoteResponse;
  /** Staff read who asked; the buyer reads "Your request". */
  audience?: 'buyer' | 'staff';
}) {
  const current = quote.versions.find((v) => v.version === quote.version) ?? quote.versions[0]!;
  const older = quote.versions.filter((v) => v.version !== current.version).reverse();
  // A version's message is shown with the version; the history repeats it only when it differs.
  const versionMessage = (version: number) =>
    quote.versions.find((v) => v.version === version)?.message ?? '';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold sm:text-3xl">{quote.number}</h1>
        <QuoteStatusBadge status={quote.status} />
        {quote.companyName && <span className="badge badge-outline">{quote.companyName}</span>}
      </div>
      {audience === 'staff' && (
        <p className="rounded-box bg-base-100 p-4 shadow" data-testid="quote-buyer">
          Asked by{' '}
          {quote.buyer ? (
            <>
              <strong>{quote.buyer.name}</strong> ({quote.buyer.email})
            </>
          ) : (
            'a deleted account'
          )}
          {quote.companyName ? (
            <>
              {' '}
              for <strong>{quote.companyName}</strong>
            </>
          ) : (
            ', for themselves'
          )}
          , on {quote.createdAt.slice(0, 10)}
        </p>
      )}
      <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="quote-current">
        <h2 id="quote-current" className="mb-2 text-lg font-semibold">
          {current.version > 0
            ? `Offer, version ${current.version}`
            : audience === 'staff'
              ? 'The request'
              : 'Your request'}
        </h2>
        {current.version > 0 && (
          <p className="mb-2" data-testid="quote-offer-summary">
            Total <strong data-testid="quote-total">{money(current.total)}</strong>, valid until{' '}
            <strong>{current.validUntil?.slice(0, 10)}</strong>
          </p>
        )}
        {current.message && (
          <p className="mb-2 whitespace-pre-line rounded bg-base-200 p-2">{current.message}</p>
        )}
        {current.changes.length > 0 && (
          <div className="mb-2">
            <h3 className="font-medium">What changed</h3>
            <ul className="list-inside list-disc text-sm" data-testid="quote-changes">
              {current.changes.map((c) => (
                <li key={`${c.partId}-${c.kind}`}>{c.message}</li>
              ))}
            </ul>
          </div>
        )}
        <VersionLines version={current} />
      </section>
      {older.length > 0 && (
        <section className="rounded-box bg-base-100 p-4 shadow">
          <h2 className="mb-2 text-lg font-semibold">Earlier versions</h2>
          {older.map((v) => (
            <details key={v.version} className="mb-2">
              <summary className="cursor-pointer">
                {v.version === 0 ? 'The request' : `Version ${v.version}`} ·{' '}
                {v.createdAt.slice(0, 10)}
                {v.total !== null && ` · ${formatMoney(v.total)}`}
              </summary>
              {v.message && <p className="my-2 whitespace-pre-line">{v.message}</p>}
              <VersionLines version={v} />
            </details>
          ))}
        </section>
      )}
      <section className="rounded-box bg-base-100 p-4 shadow" aria-labelledby="quote-history">
        <h2 id="quote-history" className="mb-2 text-lg font-semibold">
          History
        </h2>
        <ol className="space-y-1 text-sm" data-testid="quote-history">
          {quote.history.map((h, i) => (
            <li key={i}>
              <span className="text-base-content/70">{h.at.slice(0, 16).replace('T', ' ')}</span>{' '}
              {h.actor === 'buyer' ? 'Buyer' : h.actor === 'staff' ? 'Staff' : 'Shop'}:{' '}
              {quoteStatusLabel(h.to)}
              {h.to === 'offered' && ` (version ${h.version})`}
              {h.message && h.message !== versionMessage(h.version) && (
                <span className="block pl-4 text-base-content/80">{h.message}</span>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
