import { useState } from 'react';
import {
  computeReturnRefund,
  formatMoney,
  MAX_RETURN_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnedLineTaxCents,
  toCents,
  fromCents,
  type ReturnOptions,
  type ReturnPhoto,
  type ReturnReason,
  type ReturnResponse,
} from '@storefront/contract';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { uploadReturnPhoto, useCreateReturn } from '../api/returns';

/**
 * "Return parts": the lines of a delivered order with how many may still come back, a reason, a
 * note and up to three photos; before sending, what will be refunded or credited and by when.
 */
export function ReturnForm({
  options,
  onDone,
}: {
  options: ReturnOptions;
  onDone: (ret: ReturnResponse) => void;
}) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<ReturnPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReturn();

  // A core return sends back old parts for their deposits (decision 069): its own quantities.
  const core = reason === 'core_return';
  const maxOf = (l: ReturnOptions['lines'][number]) => (core ? l.coresReturnable : l.returnable);
  const chosen = options.lines
    .map((l) => ({ line: l, quantity: Math.min(quantities[l.lineNo] ?? 0, maxOf(l)) }))
    .filter((c) => c.quantity > 0);
  const feePercent = reason ? options.fees[reason] : 0;
  const estimate = computeReturnRefund({
    coreCents: chosen.reduce(
      (sum, c) =>
        sum +
        toCents(c.line.coreCharge) *
          (core ? c.quantity : Math.min(c.quantity, c.line.coresReturnable)),
      0,
    ),
    lines: chosen.map((c) => ({
      acceptedQuantity: core ? 0 : c.quantity,
      unitPriceCents: toCents(c.line.unitPrice),
      taxCents: core
        ? 0
        : returnedLineTaxCents(
            { quantity: c.line.delivered, taxCents: toCents(c.line.lineTax) },
            { quantity: c.line.returnedPieces, taxCents: toCents(c.line.returnedTax) },
            c.quantity,
          ),
    })),
    feeBp: Math.round(feePercent * 100),
    waived: false,
    paidCents: Number.MAX_SAFE_INTEGER,
    earlierCents: 0,
  });
  const credit = options.paymentMode === 'account';

  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const photo = await uploadReturnPhoto(file);
      setPhotos((p) => [...p, photo]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The photo could not be sent.');
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!reason) return setError('Choose a reason');
    if (chosen.length === 0) return setError('Choose at least one part to return');
    try {
      const made = await create.mutateAsync({
        orderId: options.orderId,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        lines: chosen.map((c) => ({ lineNo: c.line.lineNo, quantity: c.quantity })),
        ...(photos.length ? { photoIds: photos.map((p) => p.id) } : {}),
      });
      onDone(made);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The return could not be sent.');
    }
  };

  return (
    <form className="space-y-5" onSubmit={(e) => void submit(e)} noValidate>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Lines to return">
        <table className="table table-sm">
          <thead>
            <tr>
              <th>Part</th>
              <th className="text-right">Delivered</th>
              <th>Return until</th>
              <th className="text-right">Quantity to return</th>
            </tr>
          </thead>
          <tbody>
            {options.lines.map((l) => (
              <tr key={l.lineNo}>
                <td>
                  <span className="font-mono">{l.sku}</span> {l.partName}
                  <br />
                  <span className="text-sm">{formatMoney(l.unitPrice)} each</span>
                </td>
                <td className="text-right">{l.delivered}</td>
                <td className="text-sm">
                  {l.noReturnReason
                    ? `No return: ${l.noReturnReason}`
                    : l.returnUntil
                      ? formatDate(l.returnUntil)
                      : ''}
                  {l.warrantyUntil ? (
                    <>
                      <br />
                      Warranty until {formatDate(l.warrantyUntil)}
                    </>
                  ) : null}
                  {l.coreCharge > 0 ? (
                    <>
                      <br />
                      {l.coreKeptAt
                        ? `Core deposit kept on ${formatDate(l.coreKeptAt)}`
                        : `Core deposit ${formatMoney(l.coreCharge)} each: old part due by ${formatDate(l.coreDueBy ?? '')}`}
                    </>
                  ) : null}
                </td>
                <td className="text-right">
                  <input
                    type="number"
                    className="input input-bordered input-sm w-24"
                    aria-label={`Quantity of ${l.partName} to return`}
                    min={0}
                    max={maxOf(l)}
                    disabled={maxOf(l) === 0}
                    value={Math.min(quantities[l.lineNo] ?? 0, maxOf(l))}
                    onChange={(e) =>
                      setQuantities((q) => ({
                        ...q,
                        [l.lineNo]: Math.max(
                          0,
                          Math.min(maxOf(l), Math.trunc(Number(e.target.value) || 0)),
                        ),
                      }))
                    }
                  />
                  <div className="text-xs">
                    at most {maxOf(l)}
                    {core ? ` ${maxOf(l) === 1 ? 'core' : 'cores'}` : ''}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <label className="form-control block">
        <span className="label-text mb-1 block font-semibold">Reason</span>
        <select
          className="select select-bordered w-full max-w-md"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReturnReason | '')}
        >
          <option value="">Choose a reason</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </label>

      <label className="form-control block">
        <span className="label-text mb-1 block font-semibold">Note (optional)</span>
        <textarea
          className="textarea textarea-bordered w-full max-w-xl"
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>

      <div>
        <label className="form-control block">
          <span className="label-text mb-1 block font-semibold">
            Photos (optional, up to {MAX_RETURN_PHOTOS})
          </span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="file-input file-input-bordered w-full max-w-md"
            disabled={uploading || photos.length >= MAX_RETURN_PHOTOS}
            onChange={(e) => {
              void addPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {photos.length > 0 && (
          <p className="mt-1 text-sm" data-testid="return-photos">
            {photos.length} photo{photos.length === 1 ? '' : 's'} added
          </p>
        )}
      </div>

      <section
        className="rounded-box bg-base-200 p-4"
        aria-live="polite"
        data-testid="return-estimate"
      >
        <h3 className="font-semibold">What you will get back</h3>
        <p>
          {chosen.length === 0
            ? core
              ? 'Choose the old parts (cores) to send back.'
              : 'Choose the parts to return.'
            : core
              ? `${formatMoney(fromCents(estimate.amountCents))} of core deposits ` +
                `${credit ? "credited to your company's account" : 'refunded to your card'}, ` +
                'once the old parts arrive and are inspected: a damaged core may get back only part of its deposit.'
              : `${formatMoney(fromCents(estimate.grossCents))} for the parts` +
                (reason
                  ? `, less a restocking fee of ${feePercent}% (${formatMoney(fromCents(estimate.feeCents))})` +
                    (estimate.taxCents > 0
                      ? `, plus the tax on them (${formatMoney(fromCents(estimate.taxCents))})`
                      : '') +
                    (estimate.coreCents > 0
                      ? `, plus their core deposits (${formatMoney(fromCents(estimate.coreCents))})`
                      : '') +
                    `: ${formatMoney(fromCents(estimate.amountCents))} ${credit ? "credited to your company's account" : 'refunded to your card'}`
                  : '') +
                ', once the parts arrive and are inspected as described.'}
        </p>
        {reason && chosen.length > 0 && estimate.taxCents > 0 && (
          <dl
            className="grid max-w-xs grid-cols-[1fr_auto] gap-x-4"
            data-testid="return-estimate-tax"
          >
            <dt>Net</dt>
            <dd className="text-right">
              {formatMoney(
                fromCents(estimate.amountCents - estimate.taxCents - estimate.coreCents),
              )}
            </dd>
            <dt>Tax</dt>
            <dd className="text-right">{formatMoney(fromCents(estimate.taxCents))}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">
              {formatMoney(fromCents(estimate.amountCents))}
            </dd>
          </dl>
        )}
        <p>Delivery was free: there is no shipping charge to refund.</p>
        <p>Once approved, the parts must arrive within {options.arriveWithinDays} days.</p>
      </section>

      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary min-h-11"
        disabled={create.isPending || uploading}
      >
        Send the return
      </button>
    </form>
  );
}
