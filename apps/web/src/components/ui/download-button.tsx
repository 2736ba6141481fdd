import { useState } from 'react';
import { ApiError } from '../../lib/api-client';

type Props = { label: string; download: () => Promise<void>; className?: string };

/** A button that fetches a file and saves it, busy while it does, with the failure in words. */
export function DownloadButton({ label, download, className = 'btn btn-outline btn-sm' }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await download();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The file could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col">
      <button
        type="button"
        className={className}
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
      {error && (
        <span role="alert" className="mt-1 text-sm text-error">
          {error}
        </span>
      )}
    </span>
  );
}
