import { z } from 'zod';
import { Email, optionalText, PHONE_PATTERN, tooLong } from './common.js';
import { messages } from './messages.js';

export const ProfileResponse = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  education: z.string(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** The longest text each profile field takes; the profile form uses the same limits. */
export const PROFILE_LIMITS = { name: 60, address: 300, phone: 30, education: 200 } as const;

/** The profile's own fields; empty means "leave as it is" (spec: only non-empty ones apply). */
export const ProfileFields = z.object({
  name: optionalText('Username', PROFILE_LIMITS.name),
  address: optionalText('Address', PROFILE_LIMITS.address),
  phone: z
    .string({ error: 'Phone must be text' })
    .trim()
    .max(PROFILE_LIMITS.phone, tooLong('Phone', PROFILE_LIMITS.phone))
    .refine((v) => v === '' || PHONE_PATTERN.test(v), messages.phoneInvalid)
    .optional(),
  education: optionalText('Education', PROFILE_LIMITS.education),
});

/**
 * The profile form's body. Email and password belong to the identity provider: the server
 * refuses them here rather than silently dropping them.
 */
export const ProfileUpdateBody = ProfileFields.extend({
  email: z
    .never({ error: 'Change your email with the email field of the profile form' })
    .optional(),
  password: z
    .never({ error: 'Change your password with the password field of the profile form' })
    .optional(),
}).strict();
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
