import { api } from '../../../lib/api-client';
import type { SessionUser } from './session';

/**
 * The identity provider's own endpoints (Better Auth, mounted at /api/auth), called directly:
 * the app needs a handful of them and no client library on its first page.
 */
type UserAnswer = { user: SessionUser };

export const signUpWithEmail = (input: { name: string; email: string; password: string }) =>
  api<UserAnswer>('/auth/sign-up/email', { method: 'POST', body: input });

export const signInWithEmail = (input: { email: string; password: string }) =>
  api<UserAnswer>('/auth/sign-in/email', { method: 'POST', body: { ...input, rememberMe: true } });

/** Starts Google sign-in; the browser leaves for Google and comes back to `returnTo`. */
export async function signInWithGoogle(returnTo: string): Promise<void> {
  const answer = await api<{ url?: string }>('/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: '/login?error=google',
      disableRedirect: true,
    },
  });
  if (!answer.url) throw new Error('Google sign-in did not start. Please try again.');
  window.location.assign(answer.url);
}

export const requestPasswordReset = (email: string) =>
  api<{ status: boolean }>('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });

export const resetPassword = (token: string, newPassword: string) =>
  api<{ status: boolean }>('/auth/reset-password', {
    method: 'POST',
    body: { token, newPassword },
  });
