import { useId, useRef } from 'react';
import type { CompanyTaxStatusResponse } from '@storefront/contract';
import { DownloadButton } from '../../../components/ui/download-button';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatDateTime } from '../../../lib/dates';
import { downloadTaxCertificate, useUploadTaxCertificate } from '../api/company-tax-status';
import { Refusal } from './tax-refusal';

/**
 * An exempt company's certificate file (decision 066): the one on file, to download, and a new
 * one to upload (a PDF or a picture), which staff verify again. Staff and the owner upload.
 */
export function TaxCertificateFile({
  companyId,
  status,
  mayUpload,
}: {
  companyId: string;
  status: CompanyTaxStatusResponse;
  mayUpload: boolean;
}) {
  const upload = useUploadTaxCertificate(companyId);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  if (status.kind !== 'exempt') return null;
  const file = status.certificateFile;
  return (
    <div className="mt-3 space-y-2" data-testid="tax-certificate-file">
      {file ? (
        <div className="flex flex-wrap items-center gap-2">
          <p>Certificate file uploaded {formatDateTime(file.uploadedAt)}.</p>
          <DownloadButton
            label="Download the certificate"
            download={() => downloadTaxCertificate(companyId)}
          />
        </div>
      ) : (
        <p>No certificate file uploaded yet.</p>
      )}
      {mayUpload && (
        <form
          aria-label="Upload the certificate"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const chosen = input.current?.files?.[0];
            if (chosen) upload.mutate(chosen, { onSuccess: () => form.reset() });
          }}
        >
          <label className="form-control" htmlFor={`${id}-file`}>
            <span className="label-text">Certificate file (PDF or picture)</span>
            <input
              id={`${id}-file`}
              ref={input}
              type="file"
              required
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className="file-input file-input-bordered w-full max-w-xs"
            />
          </label>
          <SubmitButton busy={upload.isPending}>Upload</SubmitButton>
        </form>
      )}
      {upload.isSuccess && (
        <p role="status" className="text-sm">
          Uploaded: staff verify the new certificate before the exemption applies again.
        </p>
      )}
      <Refusal error={upload.error} />
    </div>
  );
}
