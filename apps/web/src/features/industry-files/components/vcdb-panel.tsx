import { useState, type FormEvent } from 'react';
import type { VcdbReleaseSummary } from '@storefront/contract';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  downloadRemap,
  useUploadVcdb,
  useVcdbAction,
  useVcdbRelease,
  useVcdbReleases,
  type VcdbUpload,
} from '../api/vcdb';
import { FileInput } from './file-input';
import { formatCount } from '@storefront/contract';

const TEXT = '.txt,.csv,text/plain';
const EMPTY: VcdbUpload = {
  baseVehicle: null,
  make: null,
  model: null,
  position: null,
  version: null,
  versionDate: '',
};

function UploadForm() {
  const upload = useUploadVcdb();
  const [files, setFiles] = useState<VcdbUpload>(EMPTY);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(
    null,
  );
  const set = (field: keyof VcdbUpload) => (file: File | null) =>
    setFiles((f) => ({ ...f, [field]: file }));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await upload.mutateAsync(files);
      setFiles(EMPTY);
      (e.target as HTMLFormElement).reset();
    } catch (err) {
      setError({
        message: err instanceof Error ? err.message : 'The tables could not be uploaded.',
        fields: err instanceof ApiError ? ((err.fields ?? {}) as Record<string, string>) : {},
      });
    }
  };
  const busy = upload.isPending;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="vcdb-upload-heading"
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
      noValidate
    >
      <h4 id="vcdb-upload-heading" className="font-semibold">
        Upload a VCdb release
      </h4>
      <p className="text-sm">
        The tables of the pipe-delimited text edition, each with its header line. Nothing changes
        until you apply the release.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <FileInput
          label="BaseVehicle table"
          name="baseVehicle"
          hint="BaseVehicle.txt"
          accept={TEXT}
          disabled={busy}
          error={error?.fields.baseVehicle}
          onChange={set('baseVehicle')}
        />
        <FileInput
          label="Make table"
          name="make"
          hint="Make.txt"
          accept={TEXT}
          disabled={busy}
          error={error?.fields.make}
          onChange={set('make')}
        />
        <FileInput
          label="Model table"
          name="model"
          hint="Model.txt"
          accept={TEXT}
          disabled={busy}
          error={error?.fields.model}
          onChange={set('model')}
        />
        <FileInput
          label="Position table (optional)"
          name="position"
          hint="The PCdb's Position.txt: positions shown by name"
          accept={TEXT}
          disabled={busy}
          onChange={set('position')}
        />
        <FileInput
          label="Version file (optional)"
          name="version"
          hint="Version.txt, which carries the release's date"
          accept={TEXT}
          disabled={busy}
          onChange={set('version')}
        />
        <div>
          <label htmlFor="vcdb-version-date" className="mb-1 block font-medium">
            Version date (without a version file)
          </label>
          <input
            id="vcdb-version-date"
            type="date"
            className="input input-bordered w-full"
            value={files.versionDate}
            disabled={busy}
            aria-invalid={error?.fields.versionDate ? true : undefined}
            onChange={(e) => setFiles((f) => ({ ...f, versionDate: e.target.value }))}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Upload to preview
      </button>
    </form>
  );
}

function ReleasePreview({ release }: { release: VcdbReleaseSummary }) {
  const details = useVcdbRelease(release.id);
  const apply = useVcdbAction(release.id, 'apply');
  const discard = useVcdbAction(release.id, 'discard');
  const c = release.counts;
  const failure = apply.error ?? discard.error;
  return (
    <section
      aria-labelledby={`release-${release.id}`}
      className="space-y-3 rounded-box border border-warning bg-base-100 p-4"
    >
      <h4 id={`release-${release.id}`} className="font-semibold">
        Preview: VCdb of {release.versionDate}
      </h4>
      <p className="text-sm" data-testid="vcdb-remap-counts">
        {formatCount(c.baseVehicles)} base vehicles. Of the {formatCount(c.applications)} stored
        applications, {formatCount(c.unresolved)} no longer resolve and {formatCount(c.renamed)}{' '}
        would name another vehicle.
      </p>
      {details.data && details.data.remap.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Applications this release does not map as before</caption>
            <thead>
              <tr>
                <th scope="col">Part number</th>
                <th scope="col">Base vehicle</th>
                <th scope="col">Now</th>
                <th scope="col">Under this release</th>
              </tr>
            </thead>
            <tbody>
              {details.data.remap.map((r) => (
                <tr key={`${r.partNumber}-${r.baseVehicleId}-${r.before}`}>
                  <td>{r.partNumber}</td>
                  <td>{r.baseVehicleId}</td>
                  <td>{r.before}</td>
                  <td>{r.after ?? 'No longer in the VCdb'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={apply.isPending}
          onClick={() => apply.mutate()}
        >
          Apply this release
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={discard.isPending}
          onClick={() => discard.mutate()}
        >
          Discard
        </button>
        <DownloadButton label="Download the list" download={() => downloadRemap(release.id)} />
      </div>
      {failure && (
        <p role="alert" className="text-sm text-error">
          {failure.message}
        </p>
      )}
    </section>
  );
}

/** The VCdb releases: the current one, previews to apply, an upload form. */
export function VcdbPanel() {
  const releases = useVcdbReleases();
  if (releases.isPending) return <Spinner label="Loading the VCdb releases…" />;
  if (releases.isError)
    return (
      <ErrorMessage
        title="We could not load the VCdb releases."
        error={releases.error}
        onRetry={() => void releases.refetch()}
      />
    );
  const current = releases.data.find((r) => r.status === 'current');
  const previews = releases.data.filter((r) => r.status === 'previewed');
  return (
    <div className="space-y-4">
      <p data-testid="vcdb-current">
        {current
          ? `Current VCdb: ${current.versionDate} (${formatCount(current.counts.baseVehicles)} base vehicles; ${formatCount(current.counts.unresolved)} stored applications do not resolve).`
          : 'No VCdb yet: upload its tables before an ACES file.'}
      </p>
      {previews.map((r) => (
        <ReleasePreview key={r.id} release={r} />
      ))}
      <UploadForm />
    </div>
  );
}
