import { useState } from 'react';
import {
  CATEGORIES,
  categoryLabel,
  MAX_RETURN_DAYS,
  type Category,
  type ReturnWindows,
} from '@storefront/contract';
import { ApiError } from '../../../lib/api-client';
import { useReturnWindows, useSetReturnWindows } from '../api/returns';

function WindowsForm({
  current,
  onSaved,
}: {
  current: ReturnWindows;
  onSaved: (message: string | null) => void;
}) {
  const save = useSetReturnWindows();
  const [days, setDays] = useState<Record<Category, string>>(
    () =>
      Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          current.windows[c] === undefined ? '' : String(current.windows[c]),
        ]),
      ) as Record<Category, string>,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    onSaved(null);
    try {
      await save.mutateAsync({
        windows: Object.fromEntries(
          CATEGORIES.flatMap((c) => (days[c].trim() === '' ? [] : [[c, Number(days[c])]])),
        ),
      });
      onSaved('Return windows saved');
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The return windows could not be saved.');
    }
  };
  return (
    <form
      className="space-y-3"
      aria-label="Return windows by category"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <p className="text-sm">
        Days from delivery a part of the category may be returned. Empty: the shop&apos;s{' '}
        {current.defaultDays} days. A part&apos;s own window (in its editor) wins.
      </p>
      <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {CATEGORIES.map((c) => (
          <label key={c} className="flex items-center justify-between gap-3">
            <span>{categoryLabel(c)}</span>
            <input
              type="number"
              min={0}
              max={MAX_RETURN_DAYS}
              inputMode="numeric"
              className="input input-bordered input-sm w-24"
              aria-label={`Return window of ${categoryLabel(c)} in days`}
              value={days[c]}
              onChange={(e) => setDays((d) => ({ ...d, [c]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-outline min-h-11" disabled={save.isPending}>
        Save the return windows
      </button>
      {failure && (
        <p role="alert" className="text-error">
          {failure}
        </p>
      )}
    </form>
  );
}

/** Staff: the return window of each catalog category (decision 065), on the returns page. */
export function ReturnWindowsPanel() {
  const windows = useReturnWindows();
  // Kept here, not in the form: a save refetches the windows, and changed ones draw it afresh.
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <details className="collapse collapse-arrow mt-8 bg-base-200">
      <summary className="collapse-title font-semibold">Return windows by category</summary>
      <div className="collapse-content">
        {windows.isPending ? (
          <p>Loading the return windows…</p>
        ) : windows.isError ? (
          <p role="alert" className="text-error">
            The return windows could not be loaded.
          </p>
        ) : (
          // Drawn afresh when the saved windows change, not on every refetch: a failed save
          // (which refetches too) keeps what staff typed and the reason it failed.
          <WindowsForm
            key={JSON.stringify(windows.data.windows)}
            current={windows.data}
            onSaved={setSaved}
          />
        )}
        <p role="status" className="mt-2 min-h-6 text-sm">
          {saved}
        </p>
      </div>
    </details>
  );
}
