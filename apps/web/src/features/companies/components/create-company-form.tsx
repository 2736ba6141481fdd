import { useState, type FormEvent } from 'react';
import { CompanyBody, type CompanyResponse } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useCreateCompany } from '../api/companies';

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * A company as its creator describes it: name, tax/VAT id, billing address and a first delivery
 * address (the billing one unless another is given). The creator becomes its owner.
 */
export function CreateCompanyForm({ onCreated }: { onCreated: (c: CompanyResponse) => void }) {
  const create = useCreateCompany();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const billingAddress = {
      street: text(form, 'street'),
      city: text(form, 'city'),
      postalCode: text(form, 'postalCode'),
      country: text(form, 'country'),
    };
    const delivery = text(form, 'deliveryStreet').trim()
      ? {
          label: text(form, 'deliveryLabel'),
          street: text(form, 'deliveryStreet'),
          city: text(form, 'deliveryCity'),
          postalCode: text(form, 'deliveryPostalCode'),
          country: text(form, 'deliveryCountry'),
        }
      : { label: 'Billing address', ...billingAddress };
    const body = {
      name: text(form, 'name'),
      taxId: text(form, 'taxId'),
      billingAddress,
      deliveryAddresses: [delivery],
    };
    const parsed = CompanyBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      onCreated(await create.mutateAsync(body));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setMessage(err instanceof ApiError ? err.message : 'The company could not be created.');
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="card bg-base-100 shadow"
      aria-label="Create a company"
    >
      <div className="card-body">
        <h3 className="card-title">Create a company</h3>
        <p className="text-sm">
          Buy with colleagues, have the company invoiced, and ask us for payment on account.
        </p>
        <Field label="Company name" name="name" error={errors.name} autoComplete="organization" />
        <Field label="Tax/VAT id" name="taxId" error={errors.taxId} />
        <fieldset>
          <legend className="mb-2 font-semibold">Billing address</legend>
          <Field label="Street" name="street" error={errors['billingAddress.street']} />
          <Field label="City" name="city" error={errors['billingAddress.city']} />
          <Field
            label="Postal code"
            name="postalCode"
            error={errors['billingAddress.postalCode']}
          />
          <Field label="Country" name="country" error={errors['billingAddress.country']} />
        </fieldset>
        <fieldset>
          <legend className="mb-2 font-semibold">
            Delivery address (leave empty to use the billing one)
          </legend>
          <Field label="Label" name="deliveryLabel" error={errors['deliveryAddresses.0.label']} />
          <Field
            label="Delivery street"
            name="deliveryStreet"
            error={errors['deliveryAddresses.0.street']}
          />
          <Field
            label="Delivery city"
            name="deliveryCity"
            error={errors['deliveryAddresses.0.city']}
          />
          <Field
            label="Delivery postal code"
            name="deliveryPostalCode"
            error={errors['deliveryAddresses.0.postalCode']}
          />
          <Field
            label="Delivery country"
            name="deliveryCountry"
            error={errors['deliveryAddresses.0.country']}
          />
        </fieldset>
        <FormError message={message} testId="company-error" />
        <SubmitButton busy={create.isPending}>Create company</SubmitButton>
      </div>
    </form>
  );
}
