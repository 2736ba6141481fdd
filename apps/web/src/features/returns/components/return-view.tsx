import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, RETURN_REASON_LABELS, type ReturnResponse } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { downloadReturnSlip, returnPhotoBlob } from '../api/returns';
import { ReturnStatusBadge } from './return-status';

function Photo({ url, n }: { url: string; n: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // A data: address (the shop's CSP allows those for images, not blob: ones).
    void returnPhotoBlob(url)
      .then(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(new Error('unreadable photo'));
            reader.readAsDataURL(blob);
          }),
      )
      .then((data) => {
        if (live) setSrc(data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img
      src={src}
      alt={`Photo ${n} sent with the return`}
      className="h-24 w-32 rounded object-cover"
    />
  ) : (
    <span className="text-sm">Photo {n}…</span>
  );
}

function SlipButton({ ret }: { ret: ReturnResponse }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className="btn btn-outline btn-sm min-h-11"
        onClick={() => {
          setError(null);
          downloadReturnSlip(ret.id, ret.number).catch(() =>
            setError('The return slip could not be downloaded.'),
          );
        }}
      >
        Print the return slip (PDF)
      </button>
      {error && (
        <span role="alert" className="text-sm text-error">
          {error}
        </span>
      )}
    </span>
  );
}

/** A return: status, lines with what arrived and how it was judged, the money, the history. */
export function ReturnView({
  ret,
  audience = 'buyer',
}: {
  ret: ReturnResponse;
  audience?: 'buyer' | 'staff';
}) {
  const s = ret.settlement;
  return (
    <article className="space-y-5" data-testid="return-view">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold">Return {ret.number}</h2>
        <ReturnStatusBadge status={ret.status} />
      </header>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Order</dt>
        <dd>
          {audience === 'staff' ? (
            <Link className="link" to={dashboardPaths.staffOrder.href(ret.orderId)}>
              {ret.orderNumber}
            </Link>
          ) : (
            ret.orderNumber
          )}
        </dd>
        {audience === 'staff' && (
          <>
            <dt className="font-semibold">Customer</dt>
            <dd data-testid="return-customer">
              {ret.customer.name} ({ret.customer.email})
            </dd>
            {ret.companyId && (
              <>
                <dt className="font-semibold">Company</dt>
                <dd>
                  <Link className="link" to={dashboardPaths.staffCompany.href(ret.companyId)}>
                    {ret.companyName ?? 'The company'}
                  </Link>
                </dd>
              </>
            )}
          </>
        )}
        <dt className="font-semibold">Reason</dt>
        <dd>{RETURN_REASON_LABELS[ret.reason]}</dd>
        <dt className="font-semibold">Paid</dt>
        <dd>
          {ret.paymentMode === 'account' ? 'On account (a credit note)' : 'By card (a refund)'}
        </dd>
        <dt className="font-semibold">Restocking fee</dt>
        <dd>{ret.feePercent}%</dd>
        {ret.note && (
          <>
            <dt className="font-semibold">Note</dt>
            <dd>{ret.note}</dd>
          </>
        )}
        {ret.arriveBy && (
          <>
            <dt className="font-semibold">Must arrive by</dt>
            <dd>{formatDate(ret.arriveBy)}</dd>
          </>
        )}
      </dl>
      {ret.status !== 'refused' && ret.status !== 'settled' && <SlipButton ret={ret} />}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Returned lines">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Part</th>
              <th className="text-right">Asked</th>
              <th className="text-right">Unit price</th>
              <th className="text-right">Received</th>
              <th className="text-right">Resaleable</th>
              <th className="text-right">Scrapped</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((l) => (
              <tr key={l.lineNo}>
                <td>
                  <span className="font-mono">{l.sku}</span> {l.partName}
                </td>
                <td className="text-right">{l.quantity}</td>
                <td className="text-right">{formatMoney(l.unitPrice)}</td>
                <td className="text-right">{l.received ?? '—'}</td>
                <td className="text-right">{l.resaleable ?? '—'}</td>
                <td className="text-right">{l.scrapped ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ret.photos.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label="Photos">
          {ret.photos.map((p, i) => (
            <Photo key={p.id} url={p.url} n={i + 1} />
          ))}
        </div>
      )}
      {s && (
        <section className="alert alert-success block" data-testid="return-settlement">
          <h3 className="font-semibold">Settled on {formatDate(s.settledAt)}</h3>
          {s.replacementOrderId ? (
            <p data-testid="return-replacement">
              <strong>
                Replaced by order{' '}
                <Link
                  className="link"
                  to={
                    audience === 'staff'
                      ? dashboardPaths.staffOrder.href(s.replacementOrderId)
                      : dashboardPaths.order.href(s.replacementOrderId)
                  }
                >
                  {s.replacementOrderNumber}
                </Link>
              </strong>
              , at no charge: the accepted parts are sent again to the order&apos;s address.
            </p>
          ) : (
            <p>
              {ret.reason === 'core_return' ? (
                <span data-testid="return-settlement-core">
                  Core deposits given back {formatMoney(s.coreDeposit)}
                  {ret.coreDamagedPercent !== null
                    ? ` (a damaged core: ${ret.coreDamagedPercent}% of its deposit)`
                    : ''}
                </span>
              ) : (
                <>
                  Accepted parts {formatMoney(s.gross)}
                  {s.fee > 0 ? `, less the restocking fee ${formatMoney(s.fee)}` : ''}
                  {s.feeWaivedReason ? ` (fee waived: ${s.feeWaivedReason})` : ''}
                  {s.coreDeposit > 0
                    ? `, plus their core deposits ${formatMoney(s.coreDeposit)}`
                    : ''}
                </>
              )}
              :{' '}
              <strong>
                {s.method === 'account'
                  ? `${formatMoney(s.amount)} credited${s.creditNoteNumber ? `, credit note ${s.creditNoteNumber}` : ''}`
                  : `${formatMoney(s.amount)} refunded to the card${s.refundStatus ? ` (${s.refundStatus})` : ''}`}
              </strong>
            </p>
          )}
          {s.tax > 0 && (
            <dl
              className="mt-2 grid max-w-xs grid-cols-[1fr_auto] gap-x-4"
              data-testid="return-settlement-tax"
            >
              <dt>Net</dt>
              <dd className="text-right">{formatMoney(s.net)}</dd>
              <dt>Tax</dt>
              <dd className="text-right">{formatMoney(s.tax)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatMoney(s.amount)}</dd>
            </dl>
          )}
        </section>
      )}
      <section>
        <h3 className="mb-2 text-lg font-semibold">History</h3>
        <ol className="space-y-1" data-testid="return-history">
          {ret.history.map((h) => (
            <li key={`${h.at}-${h.to}`}>
              <span className="font-semibold">{formatDateTime(h.at)}</span>:{' '}
              {h.actor === 'buyer' ? (audience === 'staff' ? 'The buyer' : 'You') : 'Staff'}: {h.to}
              {h.message ? `. ${h.message}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
