import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import {
  CheckoutForm as CheckoutFormSchema,
  formatMoney,
  coreDepositLabel,
  fromCents,
  toCents,
  type CartResponse,
  type LinesRefusal,
  type OrderResponse,
  type ShipTo,
} from '@storefront/contract';
import { buyerBody, InvoiceFields, ShipToFields } from '../../../components/buyer-fields';
import { Field } from '../../../components/ui/field';
import { TermsAcceptance } from '../../../components/terms-acceptance';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { newRequestKey } from '../../../lib/request-key';
import { useCheckout } from '../api/cart-api';
import { cartTaxKey, useCartTax } from '../api/cart-tax';
import { CartTaxSummary } from './cart-tax-summary';

type Values = z.output<typeof CheckoutFormSchema>;

type Props = {
  cart: CartResponse;
  customer: { name: string; email: string };
  onPlaced: (order: OrderResponse) => void | Promise<void>;
  /** The server refused some lines: the page shows them on their lines, refreshed. */
  onRefused: (refusal: LinesRefusal) => void;
  /** For a company of the buyer's (the route's choice), by card or on its account. */
  forCompany?: { companyId: string; payment: 'card' | 'account' } | null;
  /** An address picked elsewhere (a company's delivery address), to fill the ship-to with. */
  shipTo?: ShipTo | null;
  /** Whether the order is taxed where it goes (the page then calls its lines' sum "before tax"). */
  onTaxed?: (taxed: boolean) => void;
};

/**
 * Where the order goes and how it is billed, the lines' total once more, and "Place order". The
 * lines go with the unit prices this page shows: if one changed meanwhile, nothing is placed and
 * the buyer sees which, so nobody is charged a total they did not see.
 */
export function CheckoutForm({
  cart,
  customer,
  onPlaced,
  onRefused,
  forCompany,
  shipTo,
  onTaxed,
}: Props) {
  const checkout = useCheckout();
  const [serverError, setServerError] = useState<string | null>(null);
  // One key per order the buyer means to place: a double click or a retry places it once.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const form = useForm<z.input<typeof CheckoutFormSchema>, unknown, Values>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: {
      street: '',
      city: '',
      postalCode: '',
      country: '',
      state: '',
      phone: '',
      company: '',
      taxId: '',
      poNumber: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (!shipTo) return;
    for (const name of ['street', 'city', 'postalCode', 'country'] as const)
      form.setValue(name, shipTo[name], { shouldValidate: true });
    form.setValue('state', shipTo.state ?? '', { shouldValidate: true });
  }, [shipTo, form]);

  // The tax the order would pay where it goes (decision 066): none where the shop collects none.
  const country = useWatch({ control: form.control, name: 'country' });
  const state = useWatch({ control: form.control, name: 'state' });
  const taxOf = useCartTax(country ?? '', state ?? '', cartTaxKey(cart));
  const tax = taxOf.data?.tax ?? null;
  const taxed = tax !== null;
  useEffect(() => onTaxed?.(taxed), [onTaxed, taxed]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const order = await checkout.mutateAsync({
        lines: cart.lines.map((l) => ({
          partId: l.partId,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          ...(l.reference ? { reference: l.reference } : {}),
        })),
        ...buyerBody(values),
        idempotencyKey: requestKey,
        fromCart: true,
        ...(forCompany ?? {}),
      });
      await onPlaced(order);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500)
        setRequestKey(newRequestKey());
      const body = err instanceof ApiError ? (err.body as Partial<LinesRefusal>) : undefined;
      if (body && Array.isArray(body.problems)) onRefused(body as LinesRefusal);
      setServerError(
        err instanceof ApiError ? err.message : 'The order could not be placed. Please try again.',
      );
    }
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="card bg-base-100 shadow"
      aria-label="Checkout form"
    >
      <div className="card-body">
        <h2 className="card-title">Ship to</h2>
        <Field label="Name" value={customer.name} readOnly />
        <Field label="Email" type="email" value={customer.email} readOnly />
        <ShipToFields
          field={(name) => form.register(name)}
          errors={errors}
          state={{ field: form.register('state'), error: errors.state?.message }}
        />
        <Field
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <InvoiceFields
          field={(name) => form.register(name)}
          errors={errors}
          forCompany={Boolean(forCompany)}
        />
        {tax && <CartTaxSummary tax={tax} busy={taxOf.isFetching} />}
        {cart.coreDeposits > 0 && (
          <p data-testid="checkout-core-deposits">
            {coreDepositLabel()}: <strong>{formatMoney(cart.coreDeposits)}</strong>
          </p>
        )}
        <p className="text-lg" aria-live="polite" data-testid="checkout-total">
          Total:{' '}
          <strong>
            {formatMoney(
              fromCents(
                (tax ? toCents(tax.net) + toCents(tax.tax) : toCents(cart.subtotal)) +
                  toCents(cart.coreDeposits),
              ),
            )}
          </strong>
        </p>
        <FormError message={serverError} testId="checkout-error" />
        <TermsAcceptance />
        <SubmitButton busy={isSubmitting} disabled={!cart.ready}>
          {forCompany?.payment === 'account' ? 'Place order on account' : 'Place order'}
        </SubmitButton>
      </div>
    </form>
  );
}
