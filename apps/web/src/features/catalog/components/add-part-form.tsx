import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CreatePartBody,
  type CreatePartBody as CreatePartInput,
  type CreatePartValues,
} from '@storefront/contract';
import { ImageUpload } from '../../../components/image-upload';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useCreatePart } from '../api/create-part';
import { SubmitButton } from '../../../components/ui/submit-button';

const empty: CreatePartInput = {
  name: '',
  description: '',
  mOrderQuantity: '',
  availableQuantity: '',
  price: '',
  url: '',
  packSize: '',
  maxOrderQuantity: '',
  coreCharge: '',
};

export function AddPartForm({ onAdded }: { onAdded: () => void }) {
  const createPart = useCreatePart();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CreatePartInput, unknown, CreatePartValues>({
    resolver: zodResolver(CreatePartBody),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const url = useWatch({ control: form.control, name: 'url' });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createPart.mutateAsync(values);
      onAdded();
    } catch (err) {
      // Deviation (docs/decisions/006): no success alert when the request failed.
      setServerError(
        err instanceof ApiError ? err.message : 'The part could not be added. Please try again.',
      );
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="card bg-base-100 shadow">
      <div className="card-body">
        <Field label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="grid gap-x-4 md:grid-cols-3">
          <Field
            label="Minimum order quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.mOrderQuantity?.message}
            {...form.register('mOrderQuantity')}
          />
          <Field
            label="Available quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.availableQuantity?.message}
            {...form.register('availableQuantity')}
          />
          <Field
            label="Price per unit"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            error={errors.price?.message}
            {...form.register('price')}
          />
        </div>
        <div className="grid gap-x-4 md:grid-cols-2">
          <Field
            label="Pack size (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="Sold in whole packs of this many; 1 when empty."
            error={errors.packSize?.message}
            {...form.register('packSize')}
          />
          <Field
            label="Maximum per order (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="No maximum when empty."
            error={errors.maxOrderQuantity?.message}
            {...form.register('maxOrderQuantity')}
          />
          <Field
            label="Core charge (optional)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            hint="A refundable deposit for the old part (remanufactured parts); none when empty."
            error={errors.coreCharge?.message}
            {...form.register('coreCharge')}
          />
        </div>
        <ImageUpload
          url={url}
          onUploaded={(image) => form.setValue('url', image.url, { shouldValidate: true })}
        />
        {/* An uploaded picture's address is relative (/uploads/…), so the field takes text. */}
        <Field
          label="Part image URL"
          type="text"
          inputMode="url"
          placeholder="https://"
          error={errors.url?.message}
          {...form.register('url')}
        />
        <FormError message={serverError} testId="add-part-error" />
        <SubmitButton busy={isSubmitting}>Add Part</SubmitButton>
      </div>
    </form>
  );
}
