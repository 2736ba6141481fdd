import { useId, useState, type FormEvent } from 'react';
import type { CompanyTaxStatusBody, CompanyTaxStatusResponse } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatDateTime } from '../../../lib/dates';
import {
  useSetCompanyTaxStatus,
  useStaffCompanyTaxStatus,
  useVerifyCompanyTaxStatus,
} from '../api/company-tax-status';
import { Refusal } from './tax-refusal';
import { TaxCertificateFile } from './tax-certificate-file';

type Kind = CompanyTaxStatusResponse['kind'];
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'standard', label: 'Standard (taxed)' },
  { kind: 'exempt', label: 'Exempt (resale certificate)' },
  { kind: 'reverse_charge', label: 'Reverse charge (VAT id)' },
];

/** The status in words: what applies now and who verified it, when. */
function Current({ status }: { status: CompanyTaxStatusResponse }) {
  if (status.kind === 'standard')
    return (
      <p data-testid="tax-status-now">Standard: orders are taxed where the shop collects tax.</p>
    );
  const what =
    status.kind === 'exempt'
      ? `Exempt: certificate ${status.certificateNumber} for ${status.regions.join(', ')}, until ${status.expiresOn}${status.expired ? ' (expired: orders are taxed)' : ''}.`
      : `Reverse charge: VAT id ${status.vatId}.`;
  return (
    <div data-testid="tax-status-now">
      <p>{what}</p>
      <p data-testid="tax-status-verified">
        {status.verifiedAt
          ? `${status.kind === 'exempt' ? 'Verified' : 'Confirmed'} by ${status.verifiedBy ?? 'staff'} on ${formatDateTime(status.verifiedAt)}.`
          : 'Not verified yet: orders are taxed until staff verify it.'}
      </p>
    </div>
  );
}

/**
 * A company's tax status on its console page (decision 063): standard, exempt (certificate,
 * regions, last day) or reverse charge (VAT id); set, then verified as its own step, which is
 * recorded with who and when. Setting it again clears the verification.
 */
export function CompanyTaxStatusPanel({ companyId }: { companyId: string }) {
  const status = useStaffCompanyTaxStatus(companyId);
  const set = useSetCompanyTaxStatus(companyId);
  const verify = useVerifyCompanyTaxStatus(companyId);
  const id = useId();
  const [kind, setKind] = useState<Kind | null>(null);
  if (status.isPending) return <Spinner label="Loading the tax status…" />;
  if (status.isError)
    return (
      <ErrorMessage
        title="The tax status could not be loaded"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  const now = status.data;
  const chosen = kind ?? now.kind;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body: CompanyTaxStatusBody =
      chosen === 'exempt'
        ? {
            kind: 'exempt',
            certificateNumber: text('certificateNumber'),
            regions: text('regions')
              .split(/[,\s]+/)
              .filter((r) => r !== ''),
            expiresOn: text('expiresOn'),
          }
        : chosen === 'reverse_charge'
          ? { kind: 'reverse_charge', vatId: text('vatId') }
          : { kind: 'standard' };
    set.mutate(body, { onSuccess: () => setKind(null) });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-box bg-base-100 p-4 shadow"
      data-testid="company-tax-status"
    >
      <h3 id={`${id}-title`} className="mb-2 font-semibold">
        Tax status
      </h3>
      <Current status={now} />
      {now.kind !== 'standard' && !now.verifiedAt && (
        <button
          type="button"
          className="btn btn-primary btn-sm mt-2 min-h-11"
          disabled={verify.isPending}
          onClick={() => verify.mutate()}
        >
          {now.kind === 'exempt' ? 'Verify the certificate' : 'Confirm the VAT id'}
        </button>
      )}
      <Refusal error={verify.error} />
      <TaxCertificateFile companyId={companyId} status={now} mayUpload />
      <form onSubmit={onSubmit} className="mt-4" aria-label="Set the tax status">
        <fieldset>
          <legend className="mb-2 font-semibold">Set the status</legend>
          <div className="flex flex-wrap gap-4">
            {KINDS.map((k) => (
              <label key={k.kind} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="kind"
                  className="radio"
                  checked={chosen === k.kind}
                  onChange={() => setKind(k.kind)}
                />
                {k.label}
              </label>
            ))}
          </div>
        </fieldset>
        {chosen === 'exempt' && (
          <div className="mt-2 grid gap-3 md:grid-cols-3" key={`exempt-${now.certificateNumber}`}>
            <label className="form-control">
              <span className="label-text">Certificate number</span>
              <input
                name="certificateNumber"
                required
                maxLength={60}
                defaultValue={now.certificateNumber ?? ''}
                className="input input-bordered w-full"
              />
            </label>
            <label className="form-control">
              <span className="label-text">Regions covered (US-CA, GB)</span>
              <input
                name="regions"
                required
                defaultValue={now.regions.join(', ')}
                className="input input-bordered w-full"
              />
            </label>
            <label className="form-control">
              <span className="label-text">Expires on</span>
              <input
                name="expiresOn"
                type="date"
                required
                defaultValue={now.expiresOn ?? ''}
                className="input input-bordered w-full"
              />
            </label>
          </div>
        )}
        {chosen === 'reverse_charge' && (
          <label className="form-control mt-2 max-w-xs">
            <span className="label-text">VAT id</span>
            <input
              name="vatId"
              required
              maxLength={20}
              defaultValue={now.vatId ?? ''}
              className="input input-bordered w-full"
            />
          </label>
        )}
        <Refusal error={set.error} />
        <div className="mt-3">
          <SubmitButton busy={set.isPending}>Save the tax status</SubmitButton>
        </div>
      </form>
    </section>
  );
}
