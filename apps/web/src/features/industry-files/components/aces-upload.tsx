import { useState, type FormEvent } from 'react';
import type { UploadProgress } from '../../../lib/api-files';
import { FileInput } from './file-input';

type Props = {
  /** Sends the file; resolves when the server has taken it (the page then moves on). */
  onUpload: (file: File, onProgress: UploadProgress) => Promise<void>;
};

/** An ACES file to preview through the catalog import. */
export function AcesUpload({ onUpload }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError('Choose the ACES file (XML).');
    setSent(0);
    try {
      await onUpload(file, setSent);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The file could not be uploaded.');
    } finally {
      setSent(null);
    }
  };
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="aces-upload-heading"
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
      noValidate
    >
      <h4 id="aces-upload-heading" className="font-semibold">
        Preview an ACES file
      </h4>
      <p className="text-sm">
        ACES 4.x XML. Each application is mapped through the current VCdb to a part’s vehicles; the
        preview lists what did not map before anything changes.
      </p>
      <FileInput
        label="ACES file"
        name="aces"
        hint="XML, UTF-8"
        accept=".xml,application/xml,text/xml"
        disabled={sent !== null}
        error={error ?? undefined}
        onChange={setFile}
      />
      {sent !== null && (
        <p aria-live="polite" className="text-sm">
          Uploading… {Math.round(sent * 100)}%
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={sent !== null}>
        Upload to preview
      </button>
    </form>
  );
}
