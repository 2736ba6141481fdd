import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './ui/field';

type Errors<K extends string> = { [Name in K]?: { message?: string | undefined } | undefined };

type ShipToName = 'street' | 'city' | 'postalCode' | 'country';

type BuyerValues = { [K in ShipToName | 'phone']: string } & {
  state?: string | undefined;
  company?: string | undefined;
  taxId?: string | undefined;
  poNumber?: string | undefined;
};

/**
 * The fields' values as an order body carries them: the ship-to address in its parts, the phone,
 * and only the invoice fields the buyer filled in.
 */
export function buyerBody(values: BuyerValues) {
  return {
    shipTo: {
      street: values.street,
      city: values.city,
      postalCode: values.postalCode,
      country: values.country,
      // Only where the buyer typed one: without it, the body is what it always was.
      ...(values.state ? { state: values.state } : {}),
    },
    phone: values.phone,
    ...(values.company ? { company: values.company } : {}),
    ...(values.taxId ? { taxId: values.taxId } : {}),
    ...(values.poNumber ? { poNumber: values.poNumber } : {}),
  };
}
type InvoiceName = 'company' | 'taxId' | 'poNumber';

/** The ship-to address in its parts: the one-part order form and checkout ask it the same way. */
export function ShipToFields({
  field,
  errors,
  state,
}: {
  field: (name: ShipToName) => UseFormRegisterReturn;
  errors: Errors<ShipToName>;
  /** The optional state or province (checkout: where the shop collects tax by state). */
  state?: { field: UseFormRegisterReturn; error?: string | undefined };
}) {
  return (
    <>
      <Field
        label="Address"
        autoComplete="address-line1"
        error={errors.street?.message}
        {...field('street')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...field('city')}
        />
        <Field
          label="Postal code"
          autoComplete="postal-code"
          error={errors.postalCode?.message}
          {...field('postalCode')}
        />
      </div>
      {state ? (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            label="Country"
            autoComplete="country-name"
            error={errors.country?.message}
            {...field('country')}
          />
          <Field
            label="State or province (optional)"
            autoComplete="address-level1"
            error={state.error}
            {...state.field}
          />
        </div>
      ) : (
        <Field
          label="Country"
          autoComplete="country-name"
          error={errors.country?.message}
          {...field('country')}
        />
      )}
    </>
  );
}

/** What the invoice may carry besides the buyer: company, tax/VAT id, the buyer's PO number. */
export function InvoiceFields({
  field,
  errors,
  forCompany = false,
}: {
  field: (name: InvoiceName) => UseFormRegisterReturn;
  errors: Errors<InvoiceName>;
  /**
   * Bought for one of the buyer's companies, whose name and tax id go on the invoice: fields
   * for them here would be left empty beside a text saying they are on it.
   */
  forCompany?: boolean;
}) {
  return (
    <fieldset className="mt-2">
      <legend className="mb-2 font-semibold">For your invoice (optional)</legend>
      {!forCompany && (
        <Field
          label="Company"
          autoComplete="organization"
          error={errors.company?.message}
          {...field('company')}
        />
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {!forCompany && (
          <Field label="Tax/VAT id" error={errors.taxId?.message} {...field('taxId')} />
        )}
        <Field label="Your PO number" error={errors.poNumber?.message} {...field('poNumber')} />
      </div>
    </fieldset>
  );
}
