import { api } from '../../../lib/api-client';

/** The identity provider's own flows for the two fields the shop does not keep itself. */
export const changeEmail = (newEmail: string) =>
  api<{ status: boolean }>('/auth/change-email', { method: 'POST', body: { newEmail } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api<unknown>('/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });
