import type { CompanyResponse } from '@storefront/contract';
import { useCreateCompany } from '../api/companies';
import { CompanyForm } from './company-form';

/** A new company: the buyer who creates it becomes its owner. */
export function CreateCompanyForm({ onCreated }: { onCreated: (c: CompanyResponse) => void }) {
  const create = useCreateCompany();
  return (
    <CompanyForm
      title="Create a company"
      submitLabel="Create company"
      busy={create.isPending}
      send={async (body) => onCreated(await create.mutateAsync(body))}
    />
  );
}
