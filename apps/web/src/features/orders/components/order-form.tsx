import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import {
  formatMoney,
  messages,
  orderFormFor,
  orderQuantityFor,
  type CreateOrderBody,
  type OrderResponse,
  type PartResponse,
} from '@storefront/contract';
import { buyerBody, InvoiceFields, ShipToFields } from '../../../components/buyer-fields';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { usePlaceOrder } from '../api/place-order';
import { newRequestKey } from '../../../lib/request-key';
import { pendingOrder } from '../pending-order';
import { Spinner } from '../../../components/ui/spinner';
import { TermsAcceptance } from '../../../components/terms-acceptance';
import { SubmitButton } from '../../../components/ui/submit-button';
import { AddToCart } from '../../../components/add-to-cart-slot';

type OrderFormProps = {
  part: PartResponse;
  customer: { name: string; email: string };
  onPlaced: (order: OrderResponse) => void | Promise<void>;
};

type FormSchema = ReturnType<typeof orderFormFor>;

export function OrderForm({ part, customer, onPlaced }: OrderFormProps) {
  const placeOrder = usePlaceOrder();
  const [serverError, setServerError] = useState<string | null>(null);
  // A request placed before a reload of this page is finished, not placed again.
  const [resuming, setResuming] = useState(() => pendingOrder.read(part._id));
  // One key per order the customer means to place; a new one once the server refused it.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(orderFormFor(part)),
    defaultValues: {
      street: '',
      city: '',
      postalCode: '',
      country: '',
      state: '',
      minimum: String(part.mOrderQuantity),
      phone: '',
      company: '',
      taxId: '',
      poNumber: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The quantity is checked as the customer types (spec: min and max errors disable the button).
  const rawQuantity = useWatch({ control: form.control, name: 'minimum' });
  const quantity = orderQuantityFor(part).safeParse(rawQuantity);
  const quantityError = quantity.error?.issues[0]?.message ?? null;
  const boundsError =
    quantityError === messages.quantityBelowMinimum ||
    quantityError === messages.quantityAboveAvailable;
  const total = quantity.success ? quantity.data * part.price : null;

  const placed = async (order: OrderResponse) => {
    pendingOrder.clear(part._id);
    await onPlaced(order);
  };
  const failed = (err: unknown) => {
    // Refused for good (a 4xx): the customer changes the form, and it is a new request.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      pendingOrder.clear(part._id);
      setRequestKey(newRequestKey());
    }
    setServerError(
      err instanceof ApiError ? err.message : 'The order could not be placed. Please try again.',
    );
  };
  const send = async (body: CreateOrderBody) => {
    setServerError(null);
    pendingOrder.save(body);
    try {
      await placed(await placeOrder.mutateAsync(body));
    } catch (err) {
      failed(err);
    }
  };

  useEffect(() => {
    if (!resuming) return;
    placeOrder
      .mutateAsync(resuming)
      .then(placed, failed)
      .finally(() => setResuming(null));
    // Once, for the request found in storage when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.handleSubmit((values) =>
    send({
      partId: part._id,
      minimum: values.minimum,
      ...buyerBody(values),
      idempotencyKey: requestKey,
    }),
  );

  if (resuming) return <Spinner label="Finishing your order…" />;

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="card bg-base-100 shadow"
      aria-label="Order form"
    >
      <div className="card-body">
        <h2 className="card-title">Place your order</h2>
        <Field label="Name" value={customer.name} readOnly />
        <Field label="Email" type="email" value={customer.email} readOnly />
        <ShipToFields
          field={(name) => form.register(name)}
          errors={errors}
          state={{ field: form.register('state'), error: errors.state?.message }}
        />
        <Field
          label="Quantity (minimum order)"
          type="number"
          inputMode="numeric"
          min={part.mOrderQuantity}
          max={part.availableQuantity}
          step={1}
          error={quantityError ?? errors.minimum?.message}
          hint={`Between ${part.mOrderQuantity} and ${part.availableQuantity} pieces.`}
          {...form.register('minimum')}
        />
        <Field
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <InvoiceFields field={(name) => form.register(name)} errors={errors} />
        <p className="text-lg" aria-live="polite" data-testid="order-total">
          Total: <strong>{total === null ? '—' : formatMoney(total)}</strong>
        </p>
        <FormError message={serverError} testId="order-error" />
        <TermsAcceptance />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <SubmitButton busy={isSubmitting} disabled={boundsError} className="">
            Place order
          </SubmitButton>
          <AddToCart
            name={part.name}
            line={{
              partId: part._id,
              quantity: quantity.success ? quantity.data : part.mOrderQuantity,
              unitPrice: part.price,
            }}
          />
        </div>
      </div>
    </form>
  );
}
