import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { Email, requiredText, tooLong } from './common.js';
import { messages } from './messages.js';

export const Password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, tooLong('Password', 128));

export const LoginForm = z.object({ email: Email, password: Password });
export type LoginForm = z.input<typeof LoginForm>;

export const RegisterForm = z.object({
  username: requiredText('Username', messages.usernameRequired, 60),
  email: Email,
  password: Password,
});
export type RegisterForm = z.input<typeof RegisterForm>;

export const ForgetPasswordForm = z.object({ email: Email });
export type ForgetPasswordForm = z.input<typeof ForgetPasswordForm>;

export const ResetPasswordForm = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

/*
 * The identity provider's own endpoints (Better Auth, mounted at /api/auth), as the app calls
 * them. Listed here so the API description covers them and the server can refuse any other.
 */
export const AuthUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;
export const AuthUserResponse = z.object({
  token: z.string().nullable().optional(),
  user: AuthUser,
});
export const AuthSessionResponse = z
  .object({
    session: z.object({ id: z.string(), expiresAt: z.string(), userId: z.string() }),
    user: AuthUser,
  })
  .nullable();
export const AuthStatusResponse = z.object({ status: z.boolean() });

// Where to send the browser afterwards: a path of this shop, never another site.
const AppPath = z
  .string({ error: 'The return address must be text' })
  .max(2000, tooLong('The return address', 2000))
  .regex(/^\/(?!\/)/, 'The return address must be a path of this shop')
  .optional();
const CurrentPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined ? messages.passwordRequired : 'Password must be text',
  })
  .min(1, messages.passwordRequired)
  .max(128, tooLong('Password', 128));

export const SignUpBody = z.object({
  name: requiredText('Username', messages.usernameRequired, 60),
  email: Email,
  password: Password,
  callbackURL: AppPath,
});
export const SignInBody = z.object({
  email: Email,
  password: CurrentPassword,
  rememberMe: z.boolean().optional(),
  callbackURL: AppPath,
});
export const SocialSignInBody = z.object({
  provider: z.literal('google', { error: 'Only Google sign-in is offered' }),
  callbackURL: AppPath,
  errorCallbackURL: AppPath,
  newUserCallbackURL: AppPath,
  disableRedirect: z.boolean().optional(),
});
export const RequestPasswordResetBody = z.object({ email: Email, redirectTo: AppPath });
export const ResetPasswordBody = z.object({
  token: requiredText('Token', 'The reset link is incomplete', 500),
  newPassword: Password,
});
export const ChangePasswordBody = z.object({
  currentPassword: CurrentPassword,
  newPassword: Password,
  revokeOtherSessions: z.boolean().optional(),
});
export const ChangeEmailBody = z.object({ newEmail: Email, callbackURL: AppPath });
export const SendVerificationEmailBody = z.object({ email: Email, callbackURL: AppPath });
export const EmptyBody = z.object({});
