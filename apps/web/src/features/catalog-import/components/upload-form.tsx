import { useId, useState, type FormEvent } from 'react';
import { LIST_SEPARATOR } from '@storefront/contract';
import { ApiError } from '../../../lib/api-client';
import type { UploadProgress } from '../../../lib/api-files';
import type { ImportUpload } from '../api/start-import';
import { ProgressBar } from './progress-bar';

type Props = {
  /** Sends the files; resolves when the server has taken them (the page then moves on). */
  onUpload: (upload: ImportUpload, onProgress: UploadProgress) => Promise<void>;
};

const SPREADSHEET =
  '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const isSpreadsheet = (file: File) => /\.(csv|xlsx|txt)$/i.test(file.name);

type FileFieldProps = {
  label: string;
  hint: string;
  accept: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (file: File | null) => void;
};

function FileField({ label, hint, accept, error, disabled, onChange }: FileFieldProps) {
  const id = useId();
  return (
    <div className="form-control mb-4 w-full">
      <label htmlFor={id} className="label mb-1">
        <span className="label-text font-medium text-base-content">{label}</span>
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        // Utilities, not daisyUI's file input component: its styles would weigh on every page.
        className={`block w-full max-w-full cursor-pointer rounded-box border bg-base-100 text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-base-200 file:px-4 file:py-2.5 file:font-semibold ${error ? 'border-error' : 'border-base-300'}`}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Errors = Partial<Record<'parts' | 'fitment' | 'pictures', string>>;

/**
 * The files of an import: the parts (CSV or XLSX), optionally the vehicles and a ZIP of pictures,
 * and whether parts missing from the file are archived (off unless chosen). Files are plain
 * inputs, not a form library's fields: their only rules are "one is chosen" and its kind, and the
 * server checks everything else from the bytes.
 */
export function ImportUploadForm({ onUpload }: Props) {
  const [files, setFiles] = useState<Omit<ImportUpload, 'archiveMissing'>>({
    parts: null,
    fitment: null,
    pictures: null,
  });
  const [archiveMissing, setArchiveMissing] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const archiveHint = useId();
  const uploading = sent !== null;

  const check = (): Errors => {
    const found: Errors = {};
    if (!files.parts && !files.fitment) found.parts = 'Choose the catalog file (CSV or XLSX)';
    else if (files.parts && !isSpreadsheet(files.parts))
      found.parts = 'The parts file must be a CSV or XLSX file';
    if (files.fitment && !isSpreadsheet(files.fitment))
      found.fitment = 'The vehicles file must be a CSV or XLSX file';
    if (files.pictures && !/\.zip$/i.test(files.pictures.name))
      found.pictures = 'The pictures must come as one ZIP archive';
    return found;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSent(0);
    try {
      await onUpload({ ...files, archiveMissing }, setSent);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'The files could not be sent. Try again.');
    } finally {
      setSent(null);
    }
  };

  const pick = (key: keyof typeof files) => (file: File | null) => {
    setFiles((f) => ({ ...f, [key]: file }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="rounded-box bg-base-100 p-4 shadow"
      aria-labelledby="upload-heading"
      data-testid="import-upload-form"
    >
      <h3 id="upload-heading" className="mb-1 text-lg font-semibold">
        Upload a file
      </h3>
      <p className="mb-4 text-sm">
        Nothing in the catalog changes when you upload: you first see every change, then apply it or
        discard it.
      </p>
      <FileField
        label="Parts file (CSV or XLSX)"
        hint="One row per part, matched by part number. An XLSX may hold the vehicles as a second sheet."
        accept={SPREADSHEET}
        error={errors.parts}
        disabled={uploading}
        onChange={pick('parts')}
      />
      <FileField
        label="Vehicles file (CSV or XLSX, optional)"
        hint="One row per vehicle a part fits. A part listed here has its vehicles replaced by these rows; parts not listed keep theirs."
        accept={SPREADSHEET}
        error={errors.fitment}
        disabled={uploading}
        onChange={pick('fitment')}
      />
      <FileField
        label="Pictures (ZIP, optional)"
        hint="Pictures named by part number: IC-1002.jpg, IC-1002-2.webp (JPEG, PNG or WebP)."
        accept=".zip,application/zip"
        error={errors.pictures}
        disabled={uploading}
        onChange={pick('pictures')}
      />
      <div className="mb-4 rounded-box bg-base-200 p-3 text-sm" data-testid="blank-cells">
        <p className="font-medium">What a blank cell means</p>
        <p>
          A blank cell leaves that field as it is, and a part that is not in the file is left alone.
          To empty a list (OEM numbers, superseded numbers, volume prices, specifications) or remove
          the maximum per order, write <code>none</code>. Items of a list are separated by{' '}
          <code>{LIST_SEPARATOR}</code>.
        </p>
      </div>
      <label className="mb-1 flex cursor-pointer items-start gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={archiveMissing}
          disabled={uploading}
          aria-describedby={archiveHint}
          onChange={(e) => setArchiveMissing(e.target.checked)}
        />
        <span>Archive parts that are not in the file</span>
      </label>
      <p id={archiveHint} className="mb-4 text-sm text-base-content/80">
        Live parts the file does not list are withdrawn from the shop (kept for past orders). The
        preview counts them before anything is archived.
      </p>
      {uploading && (
        <div className="mb-3">
          <p role="status" aria-live="polite" className="mb-1 text-sm">
            Uploading… {Math.round(sent * 100)}%
          </p>
          <ProgressBar
            label="Upload progress"
            value={Math.round(sent * 100)}
            max={100}
            text={`${Math.round(sent * 100)}% sent`}
          />
        </div>
      )}
      {failure && (
        <p role="alert" className="alert alert-error alert-soft mb-3 text-sm">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={uploading} aria-busy={uploading}>
        {uploading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Upload and preview
      </button>
    </form>
  );
}
