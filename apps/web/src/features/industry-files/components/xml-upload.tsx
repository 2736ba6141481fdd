import { useState, type FormEvent } from 'react';
import type { UploadProgress } from '../../../lib/api-files';
import { FileInput } from './file-input';

type Props = {
  kind: 'ACES' | 'PIES';
  /** What the file becomes, in a sentence. */
  about: string;
  /** Sends the file; resolves when the server has taken it (the page then moves on). */
  onUpload: (file: File, onProgress: UploadProgress) => Promise<void>;
};

/** An ACES or PIES file to preview through the catalog import. */
export function XmlUpload({ kind, about, onUpload }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const id = `${kind.toLowerCase()}-upload-heading`;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) return setError(`Choose the ${kind} file (XML).`);
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
      aria-labelledby={id}
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
      noValidate
    >
      <h4 id={id} className="font-semibold">
        {kind === 'ACES' ? 'Preview an ACES file' : 'Preview a PIES file'}
      </h4>
      <p className="text-sm">{about}</p>
      <FileInput
        label={`${kind} file`}
        name={kind.toLowerCase()}
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
