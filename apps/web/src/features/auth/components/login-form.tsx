import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoginForm as LoginSchema, type LoginForm as LoginValues } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { signInWithEmail } from '../api/auth-actions';
import { completeSignIn } from '../complete-sign-in';
import { SubmitButton } from '../../../components/ui/submit-button';

type LoginFormProps = { onSignedIn: () => void; onBusyChange?: (busy: boolean) => void };

export function LoginForm({ onSignedIn, onBusyChange }: LoginFormProps) {
  const queryClient = useQueryClient();
  const [providerError, setProviderError] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProviderError(null);
    onBusyChange?.(true);
    try {
      const { user } = await signInWithEmail({
        email: values.email.trim(),
        password: values.password,
      });
      await completeSignIn(queryClient, user.email);
      onSignedIn();
    } catch (err) {
      setProviderError(err instanceof ApiError ? err.message : 'Sign-in failed. Please try again.');
    } finally {
      onBusyChange?.(false);
    }
  });

  return (
    <form
      onSubmit={(e) => {
        // A new attempt starts clean: the provider's last answer no longer applies.
        setProviderError(null);
        void onSubmit(e);
      }}
      noValidate
      aria-busy={isSubmitting}
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        after={<FormError message={providerError} testId="login-provider-error" />}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting} className="mt-2 w-full">
        Sign In
      </SubmitButton>
    </form>
  );
}
