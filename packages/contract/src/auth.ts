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
