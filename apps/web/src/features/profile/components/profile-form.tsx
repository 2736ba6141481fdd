import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Email, Password, ProfileFields, type ProfileResponse } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { refreshTopics } from '../../../lib/query-client';
import { changeEmail, changePassword } from '../api/change-credentials';
import { profileKeys } from '../api/get-profile';
import { updateProfile } from '../api/update-profile';
import { SubmitButton } from '../../../components/ui/submit-button';

/** Every field optional: only what is filled in is applied (spec section 5). */
/** The contract's profile fields (same limits and messages as the server) and the credentials. */
const ProfileFormSchema = ProfileFields.required()
  .extend({
    email: z.union([z.literal(''), Email]),
    password: z.union([z.literal(''), Password]),
    currentPassword: z.string(),
  })
  .refine((v) => v.password === '' || v.currentPassword !== '', {
    path: ['currentPassword'],
    message: 'Enter your current password to set a new one',
  });
type Values = z.input<typeof ProfileFormSchema>;
const empty: Values = {
  name: '',
  email: '',
  password: '',
  currentPassword: '',
  address: '',
  education: '',
  phone: '',
};

type ProfileFormProps = { profile: ProfileResponse };

export function ProfileForm({ profile }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(ProfileFormSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    const done: string[] = [];
    let pendingEmail: string | null = null;
    try {
      const fields = {
        name: values.name,
        address: values.address,
        education: values.education,
        phone: values.phone,
      };
      if (Object.values(fields).some((v) => v.trim() !== '')) {
        const updated = await updateProfile(profile.email, fields);
        queryClient.setQueryData(profileKeys.forEmail(profile.email), updated);
        done.push('profile');
      }
      if (values.password) {
        await changePassword(values.currentPassword, values.password);
        done.push('password');
      }
      const newEmail = values.email.trim().toLowerCase();
      if (newEmail && newEmail !== profile.email) {
        // The new address must confirm the change before it takes effect (a link mailed to it).
        await changeEmail(newEmail);
        pendingEmail = newEmail;
      }
      form.reset(empty);
      // A new name or email shows in the session (navbar, order form).
      await refreshTopics(queryClient, ['account']);
      const confirmText = pendingEmail
        ? `We sent a link to ${pendingEmail}: open it while signed in to this account, and your email changes then.`
        : '';
      setStatus(
        done.length === 0 && !pendingEmail
          ? { kind: 'error', text: 'Nothing to update: fill in at least one field.' }
          : {
              kind: 'success',
              text: [done.length > 0 ? 'Your profile has been updated.' : '', confirmText]
                .filter(Boolean)
                .join(' '),
            },
      );
    } catch (err) {
      const text =
        err instanceof ApiError
          ? err.message
          : 'The profile could not be updated. Please try again.';
      setStatus({
        kind: 'error',
        text: done.length ? `Saved your ${done.join(' and ')}, but: ${text}` : text,
      });
    }
  });

  const current: [string, string][] = [
    ['Username', profile.name],
    ['Email', profile.email],
    ['Address', profile.address],
    ['Education', profile.education],
    ['Phone', profile.phone],
  ];

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="current-profile" className="card bg-base-100 shadow">
        <div className="card-body">
          <h2 id="current-profile" className="card-title">
            Your details
          </h2>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2" data-testid="current-profile">
            {current.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd>{value || <span className="text-base-content/70">Not set</span>}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section aria-labelledby="update-profile" className="card bg-base-100 shadow">
        <form className="card-body" onSubmit={(e) => void onSubmit(e)} noValidate>
          <h2 id="update-profile" className="card-title">
            Update your details
          </h2>
          <p className="text-sm text-base-content/70">Fill in only what you want to change.</p>
          <Field label="Username" error={errors.name?.message} {...form.register('name')} />
          <Field
            label="Email"
            type="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          {newPassword !== '' && (
            <Field
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
          )}
          <Field label="Address" error={errors.address?.message} {...form.register('address')} />
          <Field
            label="Education"
            error={errors.education?.message}
            {...form.register('education')}
          />
          <Field
            label="Phone"
            type="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          {status && (
            <p
              role={status.kind === 'error' ? 'alert' : 'status'}
              className={`alert alert-soft ${status.kind === 'error' ? 'alert-error' : 'alert-success'}`}
              data-testid="profile-status"
            >
              {status.text}
            </p>
          )}
          <SubmitButton busy={isSubmitting}>Update profile</SubmitButton>
        </form>
      </section>
    </div>
  );
}
