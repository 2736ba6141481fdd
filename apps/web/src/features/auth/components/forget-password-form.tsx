import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ForgetPasswordForm as Schema,
  type ForgetPasswordForm as Values,
} from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/auth-actions';
import { SubmitButton } from '../../../components/ui/submit-button';

export function ForgetPasswordForm({ onSent }: { onSent: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(Schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      onSent();
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The email could not be sent. Please try again.',
      );
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        after={<FormError message={error} />}
        {...form.register('email')}
      />
      <SubmitButton busy={isSubmitting} className="mt-2 w-full">
        reset password
      </SubmitButton>
    </form>
  );
}
