import { useState, type FormEvent } from 'react';
import { CompanyBody, MAX_DELIVERY_ADDRESSES, type CompanyResponse } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

type Props = {
  /** The company as it is, to edit; absent to create one. */
  company?: CompanyResponse;
  title: string;
  submitLabel: string;
  busy: boolean;
  send: (body: CompanyBody) => Promise<unknown>;
};

/**
 * A company's details: name, tax/VAT id, billing address and its delivery addresses (a first one
 * is the billing address when none is given). Checked with the contract's schema before it goes.
 */
export function CompanyForm({ company, title, submitLabel, busy, send }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // Keys of the address blocks shown (stable while some are removed).
  const [addresses, setAddresses] = useState<number[]>(() =>
    (company?.deliveryAddresses.length ? company.deliveryAddresses : [null]).map((_, i) => i),
  );
  const [next, setNext] = useState(addresses.length);
  const initial = (key: number) => company?.deliveryAddresses[key];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const billingAddress = {
      street: text(form, 'street'),
      city: text(form, 'city'),
      postalCode: text(form, 'postalCode'),
      country: text(form, 'country'),
    };
    const delivery = addresses
      .map((key) => ({
        label: text(form, `label-${key}`),
        street: text(form, `street-${key}`),
        city: text(form, `city-${key}`),
        postalCode: text(form, `postalCode-${key}`),
        country: text(form, `country-${key}`),
      }))
      .filter((a) => a.street.trim() || a.city.trim() || a.postalCode.trim() || a.country.trim());
    const usesBilling = delivery.length === 0 && !company;
    const body = {
      name: text(form, 'name'),
      taxId: text(form, 'taxId'),
      billingAddress,
      deliveryAddresses: usesBilling ? [{ label: 'Billing address', ...billingAddress }] : delivery,
    };
    const parsed = CompanyBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        // The billing address standing in for an empty delivery one: its problems are the
        // billing fields' (already marked), never the delivery fields the buyer was told to leave.
        if (usesBilling && key.startsWith('deliveryAddresses.')) continue;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      await send(body);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setMessage(err instanceof ApiError ? err.message : 'The company could not be saved.');
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="card bg-base-100 shadow"
      aria-label={title}
    >
      <div className="card-body">
        <h3 className="card-title">{title}</h3>
        <Field
          label="Company name"
          name="name"
          defaultValue={company?.name}
          error={errors.name}
          autoComplete="organization"
        />
        <Field label="Tax/VAT id" name="taxId" defaultValue={company?.taxId} error={errors.taxId} />
        <fieldset>
          <legend className="mb-2 font-semibold">Billing address</legend>
          {(['street', 'city', 'postalCode', 'country'] as const).map((part) => (
            <Field
              key={part}
              label={
                { street: 'Street', city: 'City', postalCode: 'Postal code', country: 'Country' }[
                  part
                ]
              }
              name={part}
              defaultValue={company?.billingAddress[part]}
              error={errors[`billingAddress.${part}`]}
            />
          ))}
        </fieldset>
        {addresses.map((key, index) => (
          <fieldset key={key} data-testid="delivery-address">
            <legend className="mb-2 font-semibold">
              Delivery address {index + 1}
              {!company && index === 0 ? ' (leave empty to use the billing one)' : ''}
            </legend>
            {(['label', 'street', 'city', 'postalCode', 'country'] as const).map((part) => (
              <Field
                key={part}
                label={`${index === 0 ? 'Delivery' : `Delivery ${index + 1}`} ${
                  {
                    label: 'label',
                    street: 'street',
                    city: 'city',
                    postalCode: 'postal code',
                    country: 'country',
                  }[part]
                }`}
                name={`${part}-${key}`}
                defaultValue={initial(key)?.[part] ?? ''}
                error={errors[`deliveryAddresses.${index}.${part}`]}
              />
            ))}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setAddresses((list) => list.filter((k) => k !== key))}
            >
              Remove this address
            </button>
          </fieldset>
        ))}
        {addresses.length < MAX_DELIVERY_ADDRESSES && (
          <button
            type="button"
            className="btn btn-outline btn-sm w-fit"
            onClick={() => {
              setAddresses((list) => [...list, next]);
              setNext(next + 1);
            }}
          >
            Add a delivery address
          </button>
        )}
        <FormError message={message} testId="company-error" />
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
