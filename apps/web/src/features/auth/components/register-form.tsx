import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  RegisterForm as RegisterSchema,
  type RegisterForm as RegisterValues,
} from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { signUpWithEmail } from '../api/auth-actions';
import { completeSignIn } from '../complete-sign-in';
import { SubmitButton } from '../../../components/ui/submit-button';

type RegisterFormProps = {
  /** With the address the confirmation mail went to. */
  onRegistered: (email: string) => void;
  onBusyChange?: (busy: boolean) => void;
};

export function RegisterForm({ onRegistered, onBusyChange }: RegisterFormProps) {
  const queryClient = useQueryClient();
  const [providerError, setProviderError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProviderError(null);
    onBusyChange?.(true);
    try {
      // The account is created with the username as its display name in the same step.
      const { user } = await signUpWithEmail({
        name: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await completeSignIn(queryClient, user.email);
      onRegistered(user.email);
    } catch (err) {
      setProviderError(
        err instanceof ApiError ? err.message : 'Registration failed. Please try again.',
      );
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
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        after={<FormError message={providerError} testId="register-provider-error" />}
        {...form.register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting} className="mt-2 w-full">
        Create an account
      </SubmitButton>
    </form>
  );
}
