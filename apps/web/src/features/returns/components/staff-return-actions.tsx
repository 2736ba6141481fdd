import { useState } from 'react';
import {
  ApproveReturnBody,
  InspectReturnBody,
  nextReturnStatus,
  ReceiveReturnBody,
  RefuseReturnBody,
  SettleReturnBody,
  type ReturnAction,
  type ReturnResponse,
  type SettleOutcome,
} from '@storefront/contract';
import { ApiError } from '../../../lib/api-client';
import { useReturnAction } from '../api/returns';

/** Each action's body as the server checks it: a refusal is said before anything is sent. */
const BODIES = {
  approve: ApproveReturnBody,
  refuse: RefuseReturnBody,
  receive: ReceiveReturnBody,
  inspect: InspectReturnBody,
  settle: SettleReturnBody,
} as const;

/**
 * Staff's next steps on a return, as the transition table allows them: approve or refuse with a
 * message, the quantities received, each line judged, then settle (with the fee waived for a
 * reason if chosen). Every step is audited on the server.
 */
export function StaffReturnActions({ ret }: { ret: ReturnResponse }) {
  const run = useReturnAction(ret.id);
  const [message, setMessage] = useState('');
  const [received, setReceived] = useState<Record<number, number>>({});
  const [judged, setJudged] = useState<Record<number, { resaleable: number; scrapped: number }>>(
    {},
  );
  const [outcome, setOutcome] = useState<SettleOutcome>('refund');
  const [waive, setWaive] = useState(false);
  const [waiveReason, setWaiveReason] = useState('');
  // A core return (decision 069): cores accepted in full, damaged (a share of the deposit), refused.
  const core = ret.reason === 'core_return';
  const [damagedPercent, setDamagedPercent] = useState('50');
  const [inspectNote, setInspectNote] = useState('');
  const labels = core
    ? { resaleable: 'full deposit', scrapped: 'damaged' }
    : { resaleable: 'resaleable', scrapped: 'scrapped' };
  /** What went wrong, and the fields it is about (from the contract's check or the server's). */
  const [error, setError] = useState<{ text: string; fields: string[] } | null>(null);
  const can = (a: ReturnAction) => nextReturnStatus(ret.status, a) !== null;
  const go = async (action: ReturnAction, body: object) => {
    setError(null);
    const checked = BODIES[action].safeParse(body);
    if (!checked.success) {
      setError({
        text: checked.error.issues[0]?.message ?? 'Check the form.',
        fields: checked.error.issues.map((i) => i.path.join('.')),
      });
      return;
    }
    try {
      await run.mutateAsync({ action, body });
      setMessage('');
    } catch (err) {
      setError(
        err instanceof ApiError
          ? { text: err.message, fields: Object.keys(err.fields) }
          : { text: 'That did not work.', fields: [] },
      );
    }
  };
  /** A field the refusal is about, tied to its message for screen readers. */
  const invalidIf = (field: string) =>
    error?.fields.includes(field)
      ? { 'aria-invalid': true, 'aria-describedby': 'return-action-error' }
      : {};
  const num = (v: string) => Math.max(0, Math.trunc(Number(v) || 0));
  if (!['approve', 'refuse', 'receive', 'inspect', 'settle'].some((a) => can(a as ReturnAction)))
    return null;
  return (
    <section className="space-y-3 rounded-box bg-base-200 p-4" data-testid="return-actions">
      <h3 className="text-lg font-semibold">Next step</h3>
      {(can('approve') || can('refuse')) && (
        <div className="space-y-2">
          <label className="form-control block">
            <span className="label-text mb-1 block">Message to the buyer</span>
            <textarea
              className="textarea textarea-bordered w-full"
              {...invalidIf('message')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            {can('approve') && (
              <button
                type="button"
                className="btn btn-primary min-h-11"
                disabled={run.isPending}
                onClick={() =>
                  void go('approve', message.trim() ? { message: message.trim() } : {})
                }
              >
                Approve
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline min-h-11"
              disabled={run.isPending}
              onClick={() => void go('refuse', { message: message.trim() })}
            >
              Refuse
            </button>
          </div>
        </div>
      )}
      {can('receive') && (
        <div className="space-y-2">
          {ret.lines.map((l) => (
            <label key={l.lineNo} className="flex flex-wrap items-center gap-2">
              <span>
                {l.partName}: received (of {l.quantity})
              </span>
              <input
                type="number"
                min={0}
                max={l.quantity}
                className="input input-bordered input-sm w-24"
                value={received[l.lineNo] ?? l.quantity}
                onChange={(e) => setReceived((r) => ({ ...r, [l.lineNo]: num(e.target.value) }))}
              />
            </label>
          ))}
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={run.isPending}
            onClick={() =>
              void go('receive', {
                lines: ret.lines.map((l) => ({
                  lineNo: l.lineNo,
                  quantity: received[l.lineNo] ?? l.quantity,
                })),
              })
            }
          >
            Mark received
          </button>
        </div>
      )}
      {can('inspect') && (
        <div className="space-y-2">
          {ret.lines.map((l) => {
            const j = judged[l.lineNo] ?? { resaleable: l.received ?? 0, scrapped: 0 };
            return (
              <fieldset key={l.lineNo} className="flex flex-wrap items-center gap-2">
                <legend className="sr-only">{l.partName}</legend>
                <span>
                  {l.partName} ({l.received ?? 0} arrived):
                </span>
                <label className="flex items-center gap-1">
                  {labels.resaleable}
                  <input
                    type="number"
                    min={0}
                    className="input input-bordered input-sm w-20"
                    value={j.resaleable}
                    onChange={(e) =>
                      setJudged((s) => ({
                        ...s,
                        [l.lineNo]: { ...j, resaleable: num(e.target.value) },
                      }))
                    }
                  />
                </label>
                <label className="flex items-center gap-1">
                  {labels.scrapped}
                  <input
                    type="number"
                    min={0}
                    className="input input-bordered input-sm w-20"
                    value={j.scrapped}
                    onChange={(e) =>
                      setJudged((s) => ({
                        ...s,
                        [l.lineNo]: { ...j, scrapped: num(e.target.value) },
                      }))
                    }
                  />
                </label>
              </fieldset>
            );
          })}
          {core && (
            <div className="flex flex-wrap gap-3" data-testid="core-inspection">
              <p className="w-full text-sm">
                Cores neither accepted in full nor damaged are refused: their deposit is not given
                back.
              </p>
              <label className="form-control">
                <span className="label-text">Share of the deposit for a damaged core (%)</span>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step="0.01"
                  className="input input-bordered input-sm w-28"
                  value={damagedPercent}
                  onChange={(e) => setDamagedPercent(e.target.value)}
                />
              </label>
              <label className="form-control grow">
                <span className="label-text">Why (needed when a core is damaged)</span>
                <input
                  className="input input-bordered input-sm w-full"
                  value={inspectNote}
                  onChange={(e) => setInspectNote(e.target.value)}
                />
              </label>
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={run.isPending}
            onClick={() => {
              const lines = ret.lines.map((l) => ({
                lineNo: l.lineNo,
                ...(judged[l.lineNo] ?? { resaleable: l.received ?? 0, scrapped: 0 }),
              }));
              const damaged = core && lines.some((l) => l.scrapped > 0);
              void go('inspect', {
                lines,
                ...(damaged ? { coreDamagedPercent: Number(damagedPercent) } : {}),
                ...(inspectNote.trim() ? { note: inspectNote.trim() } : {}),
              });
            }}
          >
            Save the inspection
          </button>
        </div>
      )}
      {can('settle') && (
        <div className="space-y-2">
          {ret.reason === 'defective' && (
            <fieldset className="space-y-1" data-testid="settle-outcome">
              <legend className="mb-1 font-semibold">Settle the warranty claim by</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="radio"
                  name="settle-outcome"
                  checked={outcome === 'refund'}
                  onChange={() => setOutcome('refund')}
                />
                {ret.paymentMode === 'account'
                  ? 'A credit note on the account'
                  : 'A refund to the card'}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="radio"
                  name="settle-outcome"
                  checked={outcome === 'replacement'}
                  onChange={() => setOutcome('replacement')}
                />
                A replacement order at no charge (the accepted pieces, shipped to the order&apos;s
                address)
              </label>
            </fieldset>
          )}
          {outcome === 'refund' && ret.feePercent > 0 && (
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="checkbox"
                checked={waive}
                onChange={(e) => setWaive(e.target.checked)}
              />
              Waive the restocking fee ({ret.feePercent}%)
            </label>
          )}
          {outcome === 'refund' && waive && ret.feePercent > 0 && (
            <label className="form-control block">
              <span className="label-text mb-1 block">Why the fee is waived</span>
              <input
                className="input input-bordered w-full max-w-md"
                {...invalidIf('waiveReason')}
                value={waiveReason}
                onChange={(e) => setWaiveReason(e.target.value)}
              />
            </label>
          )}
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={run.isPending}
            onClick={() =>
              void go(
                'settle',
                outcome === 'replacement'
                  ? { outcome }
                  : waive && ret.feePercent > 0
                    ? { waiveFee: true, waiveReason: waiveReason.trim() }
                    : {},
              )
            }
          >
            {outcome === 'replacement'
              ? 'Settle: place the replacement order'
              : ret.paymentMode === 'account'
                ? 'Settle: issue the credit note'
                : 'Settle: refund the card'}
          </button>
        </div>
      )}
      {error && (
        <p id="return-action-error" role="alert" className="text-error">
          {error.text}
        </p>
      )}
    </section>
  );
}
