import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import {
  formatMoney,
  messages,
  orderFormFor,
  orderQuantityFor,
  type PartResponse,
} from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { usePlaceOrder } from '../api/place-order';
import { SubmitButton } from '../../../components/ui/submit-button';

type OrderFormProps = {
  part: PartResponse;
  customer: { name: string; email: string };
  onPlaced: () => void | Promise<void>;
};

type FormSchema = ReturnType<typeof orderFormFor>;

export function OrderForm({ part, customer, onPlaced }: OrderFormProps) {
  const placeOrder = usePlaceOrder();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(orderFormFor(part)),
    defaultValues: { address: '', minimum: String(part.mOrderQuantity), phone: '' },
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

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await placeOrder.mutateAsync({
        partId: part._id,
        minimum: values.minimum,
        address: values.address,
        phone: values.phone,
      });
      await onPlaced();
    } catch (err) {
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
      aria-label="Order form"
    >
      <div className="card-body">
        <h2 className="card-title">Place your order</h2>
        <Field label="Name" value={customer.name} readOnly />
        <Field label="Email" type="email" value={customer.email} readOnly />
        <Field
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
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
        <p className="text-lg" aria-live="polite" data-testid="order-total">
          Total: <strong>{total === null ? '—' : formatMoney(total)}</strong>
        </p>
        <FormError message={serverError} testId="order-error" />
        <SubmitButton busy={isSubmitting} disabled={boundsError}>
          Place order
        </SubmitButton>
      </div>
    </form>
  );
}
