import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ContactBody } from '@storefront/contract';
import type { z } from 'zod';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useSendContact } from '../api/send-contact';

/** Name, email, company, message and an optional order number; `website` is a trap for bots. */
export function ContactForm({ defaults }: { defaults?: { name?: string; email?: string } }) {
  const send = useSendContact();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof ContactBody>, unknown, z.output<typeof ContactBody>>({
    resolver: zodResolver(ContactBody),
    defaultValues: {
      name: defaults?.name ?? '',
      email: defaults?.email ?? '',
      company: '',
      message: '',
      orderNumber: '',
      website: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send.mutateAsync(values);
      setSentTo(values.email);
      form.reset({ ...values, message: '', orderNumber: '' });
    } catch (err) {
      setServerError(
        err instanceof ApiError ? err.message : 'The message could not be sent. Please try again.',
      );
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="card bg-base-100 shadow">
      <div className="card-body">
        <Field
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Company (optional)"
          autoComplete="organization"
          error={errors.company?.message}
          {...form.register('company')}
        />
        <Field
          label="Order number (optional)"
          placeholder="A-10042"
          error={errors.orderNumber?.message}
          {...form.register('orderNumber')}
        />
        <TextAreaField
          label="Message"
          error={errors.message?.message}
          {...form.register('message')}
        />
        {/* Hidden from people (and from assistive technology); a bot that fills it is ignored. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </label>
        </div>
        <FormError message={serverError} testId="contact-error" />
        {sentTo && (
          <p role="status" className="text-success" data-testid="contact-sent">
            Thank you: your message is on its way, and a copy goes to {sentTo}.
          </p>
        )}
        <SubmitButton busy={isSubmitting}>Send message</SubmitButton>
      </div>
    </form>
  );
}
