import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_RESTOCKING_FEE_BP,
  RestockingFeesBody,
  RETURN_REASON_LABELS,
  type RestockingFees,
} from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { useFocusFirstError } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useRestockingFees, useSetRestockingFees } from '../api/returns';

type FeeReason = keyof RestockingFees['fees'];
/** The reasons the contract's body asks a fee for: the form follows it, never a list of its own. */
const FEE_REASONS = Object.keys(RestockingFeesBody.shape.fees.shape) as FeeReason[];

/** What staff typed, as the contract will judge it: empty or not a number is NaN ("must be a number"). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function FeeInput({
  reason,
  value,
  error,
  onChange,
}: {
  reason: FeeReason;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col items-start">
      <label htmlFor={id} className="label mb-1">
        <span className="label-text font-medium text-base-content">
          {RETURN_REASON_LABELS[reason]}
        </span>
      </label>
      <div className="join">
        <input
          id={id}
          name={reason}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={`input input-bordered join-item w-28 ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <span
          className="join-item flex items-center border border-base-300 bg-base-300 px-3"
          aria-hidden="true"
        >
          %
        </span>
      </div>
      <p id={hintId} className="mt-1 text-sm text-base-content/70">
        Shop default {DEFAULT_RESTOCKING_FEE_BP[reason] / 100}%
      </p>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

function FeesForm({
  current,
  onSaved,
}: {
  current: RestockingFees;
  onSaved: (message: string | null) => void;
}) {
  const save = useSetRestockingFees();
  useFocusFirstError();
  const [values, setValues] = useState<Record<FeeReason, string>>(
    () =>
      Object.fromEntries(FEE_REASONS.map((r) => [r, String(current.fees[r])])) as Record<
        FeeReason,
        string
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onSaved(null);
    setFailure(null);
    const body = {
      fees: Object.fromEntries(FEE_REASONS.map((r) => [r, toNumber(values[r])])),
    };
    const parsed = RestockingFeesBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setFailure('Check the fees marked below.');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      onSaved(
        `Restocking fees saved: ${FEE_REASONS.map(
          (r) => `${RETURN_REASON_LABELS[r]} ${saved.fees[r]}%`,
        ).join(', ')}`,
      );
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setFailure(err instanceof ApiError ? err.message : 'The restocking fees could not be saved.');
    }
  };

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm">
        A percentage of the accepted parts&apos; price, kept when a return settles (at most two
        decimals, 0 to 100). Staff may waive it on a return, with a reason. A return keeps the fee
        it settled with.
      </p>
      <fieldset>
        <legend className="mb-2 font-semibold">Restocking fee by reason, in percent</legend>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {FEE_REASONS.map((r) => (
            <FeeInput
              key={r}
              reason={r}
              value={values[r]}
              error={errors[`fees.${r}`]}
              onChange={(v) => setValues((s) => ({ ...s, [r]: v }))}
            />
          ))}
        </div>
      </fieldset>
      <FormError message={failure} testId="restocking-fees-error" />
      <SubmitButton busy={save.isPending} className="min-h-11">
        Save the restocking fees
      </SubmitButton>
    </form>
  );
}

/** Staff: the restocking fee of each return reason (decision 064), on the returns page. */
export function RestockingFeesPanel() {
  const fees = useRestockingFees();
  // Kept here, not in the form: a save refetches the fees, and new fees draw the form afresh
  // (a failed save refetches the same ones, so the form keeps what staff typed and why it failed).
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <details className="collapse collapse-arrow mt-4 bg-base-200" data-testid="restocking-fees">
      <summary className="collapse-title font-semibold">Restocking fees by reason</summary>
      <div className="collapse-content">
        {fees.isPending ? (
          <p role="status">Loading the restocking fees…</p>
        ) : fees.isError ? (
          <ErrorMessage
            title="The restocking fees could not be loaded."
            error={fees.error}
            onRetry={() => void fees.refetch()}
          />
        ) : (
          <FeesForm
            key={FEE_REASONS.map((r) => fees.data.fees[r]).join('/')}
            current={fees.data}
            onSaved={setSaved}
          />
        )}
        <p role="status" className="mt-2 min-h-6 text-sm" data-testid="restocking-fees-saved">
          {saved}
        </p>
      </div>
    </details>
  );
}
