import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { Email } from './common.js';
import { messages } from './messages.js';

export const Password = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const LoginForm = z.object({ email: Email, password: Password });
export type LoginForm = z.input<typeof LoginForm>;

export const RegisterForm = z.object({
  username: z
    .string({ error: messages.usernameRequired })
    .trim()
    .min(1, messages.usernameRequired)
    .max(60),
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

export const SignUpBody = z.object({
  name: z.string().trim().min(1).max(60),
  email: z.string().max(320),
  password: z.string().max(128),
  callbackURL: z.string().max(2000).optional(),
});
export const SignInBody = z.object({
  email: z.string().max(320),
  password: z.string().max(128),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().max(2000).optional(),
});
export const SocialSignInBody = z.object({
  provider: z.literal('google'),
  callbackURL: z.string().max(2000).optional(),
  errorCallbackURL: z.string().max(2000).optional(),
  disableRedirect: z.boolean().optional(),
});
export const RequestPasswordResetBody = z.object({
  email: z.string().max(320),
  redirectTo: z.string().max(2000).optional(),
});
export const ResetPasswordBody = z.object({
  token: z.string().max(500),
  newPassword: z.string().max(128),
});
export const ChangePasswordBody = z.object({
  currentPassword: z.string().max(128),
  newPassword: z.string().max(128),
  revokeOtherSessions: z.boolean().optional(),
});
export const ChangeEmailBody = z.object({
  newEmail: z.string().max(320),
  callbackURL: z.string().max(2000).optional(),
});
export const UpdateUserBody = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  image: z.string().max(2000).nullable().optional(),
});
export const EmptyBody = z.object({});
