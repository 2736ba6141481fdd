import { useId } from 'react';
import { useCompanyTaxStatus } from '../api/company-tax-status';
import { TaxCertificateFile } from './tax-certificate-file';

/**
 * A member's view of their company's exemption (decision 066): the certificate staff recorded,
 * whether it is verified, and its file, which the owner uploads. Nothing for a company taxed as
 * standard or reverse-charged: the page reads as it always has.
 */
export function MyCompanyTaxExemption({ companyId, owner }: { companyId: string; owner: boolean }) {
  const status = useCompanyTaxStatus(companyId);
  const id = useId();
  if (status.data?.kind !== 'exempt') return null;
  const s = status.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-box bg-base-100 p-4 shadow"
      data-testid="my-tax-exemption"
    >
      <h3 id={`${id}-title`} className="mb-2 font-semibold">
        Tax exemption
      </h3>
      <p>
        Certificate {s.certificateNumber} for {s.regions.join(', ')}, until {s.expiresOn}.
      </p>
      <p>
        {s.expired
          ? 'Expired: orders are taxed until a renewed certificate is verified.'
          : s.verifiedAt
            ? 'Verified by the shop: orders shipped to these regions carry no tax.'
            : 'Not verified yet: orders are taxed until the shop verifies it.'}
      </p>
      <TaxCertificateFile companyId={companyId} status={s} mayUpload={owner} />
    </section>
  );
}
