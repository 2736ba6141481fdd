import { z } from 'zod';
import { Email, PHONE_PATTERN } from './common.js';

export const ProfileResponse = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  education: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** Empty means "leave as it is" (spec: only non-empty fields are applied). */
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * The profile form's body. Email and password belong to the identity provider: the server
 * refuses them here rather than silently dropping them.
 */
export const ProfileUpdateBody = z
  .object({
    name: optionalText(60),
    address: optionalText(300),
    phone: z
      .string()
      .trim()
      .max(30)
      .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Please enter a valid phone number')
      .optional(),
    education: optionalText(200),
    email: z
      .never({ error: 'Change your email with the email field of the profile form' })
      .optional(),
    password: z
      .never({ error: 'Change your password with the password field of the profile form' })
      .optional(),
  })
  .strict();
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

/** Sign-in sync (spec section 4): answered with the access key. */
export const UserSyncBody = z.object({ currentUser: z.object({ email: Email }) });
export type UserSyncBody = z.input<typeof UserSyncBody>;
export const UserSyncResponse = z.object({ key: z.string() });
export type UserSyncResponse = z.infer<typeof UserSyncResponse>;

export const AdminResponse = z.object({ admin: z.boolean() });
export type AdminResponse = z.infer<typeof AdminResponse>;

export const EmailParams = z.object({ email: z.string().max(320) });
export type EmailParams = z.infer<typeof EmailParams>;
