import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ResetPasswordForm as Schema,
  type ResetPasswordForm as Values,
} from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-actions';
import { SubmitButton } from '../../../components/ui/submit-button';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'INVALID_TOKEN'
          ? 'This reset link is invalid or has expired. Please ask for a new one.'
          : err instanceof Error
            ? err.message
            : 'The password could not be changed.',
      );
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        after={<FormError message={error} />}
        {...form.register('confirm')}
      />
      <SubmitButton busy={isSubmitting} className="mt-2 w-full">
        Set new password
      </SubmitButton>
    </form>
  );
}
