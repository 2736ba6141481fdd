import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateReviewBody } from '@storefront/contract';
import type { z } from 'zod';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateReview } from '../api/create-review';
import { StarInput } from './star-input';
import { SubmitButton } from '../../../components/ui/submit-button';

export function ReviewForm({
  authorName,
  onPosted,
}: {
  authorName: string;
  onPosted: () => void | Promise<void>;
}) {
  const createReview = useCreateReview();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof CreateReviewBody>,
    unknown,
    z.output<typeof CreateReviewBody>
  >({
    resolver: zodResolver(CreateReviewBody),
    defaultValues: { description: '', rating: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createReview.mutateAsync(values);
      await onPosted();
    } catch (err) {
      setServerError(
        err instanceof ApiError ? err.message : 'The review could not be posted. Please try again.',
      );
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="card bg-base-100 shadow">
      <div className="card-body">
        <Field label="Name" value={authorName} readOnly />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <StarInput registration={form.register('rating')} error={errors.rating?.message} />
        <FormError message={serverError} testId="review-error" />
        <SubmitButton busy={isSubmitting}>Post review</SubmitButton>
      </div>
    </form>
  );
}
