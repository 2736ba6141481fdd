import { useState } from 'react';
import { DEFAULT_RETURN_DAYS, type ReturnPolicyResponse } from '@storefront/contract';
import { ApiError } from '../../../lib/api-client';
import { useReturnPolicy, useSetReturnPolicy } from '../api/returns';

function PolicyForm({ policy }: { policy: ReturnPolicyResponse }) {
  const save = useSetReturnPolicy(policy.partId);
  const [days, setDays] = useState(policy.returnDays === null ? '' : String(policy.returnDays));
  const [noReturn, setNoReturn] = useState(policy.noReturnReason ?? '');
  const [warranty, setWarranty] = useState(String(policy.warrantyMonths));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      await save.mutateAsync({
        returnDays: days.trim() === '' ? null : Number(days),
        noReturnReason: noReturn.trim() === '' ? null : noReturn.trim(),
        warrantyMonths: Number(warranty || 0),
      });
      setMessage({ ok: true, text: 'Return policy saved' });
    } catch (err) {
      setMessage({
        ok: false,
        text: err instanceof ApiError ? err.message : 'The return policy could not be saved.',
      });
    }
  };
  return (
    <form
      className="mt-8 max-w-xl space-y-3"
      aria-label="Returns and warranty"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 className="text-lg font-semibold">Returns and warranty</h3>
      <label className="form-control block">
        <span className="label-text mb-1 block">
          Return window in days (empty: its category&apos;s, else the shop&apos;s{' '}
          {DEFAULT_RETURN_DAYS})
        </span>
        <input
          type="number"
          min={0}
          className="input input-bordered w-40"
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </label>
      <label className="form-control block">
        <span className="label-text mb-1 block">
          &quot;No return&quot; reason (empty: the part may be returned)
        </span>
        <input
          className="input input-bordered w-full"
          maxLength={200}
          value={noReturn}
          onChange={(e) => setNoReturn(e.target.value)}
        />
      </label>
      <label className="form-control block">
        <span className="label-text mb-1 block">Warranty in months</span>
        <input
          type="number"
          min={0}
          className="input input-bordered w-40"
          value={warranty}
          onChange={(e) => setWarranty(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-outline min-h-11" disabled={save.isPending}>
        Save the return policy
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? '' : 'text-error'}>
          {message.text}
        </p>
      )}
    </form>
  );
}

/** Staff: the part's return policy, in the part editor. */
export function ReturnPolicyPanel({ partId }: { partId: string }) {
  const policy = useReturnPolicy(partId);
  if (policy.isPending) return null;
  if (policy.isError)
    return (
      <p role="alert" className="mt-8 text-error">
        The return policy could not be loaded.
      </p>
    );
  return <PolicyForm key={policy.dataUpdatedAt} policy={policy.data} />;
}
