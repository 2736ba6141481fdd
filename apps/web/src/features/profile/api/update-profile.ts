import type { ProfileResponse, ProfileUpdateBody } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const updateProfile = (email: string, body: ProfileUpdateBody) =>
  api<ProfileResponse>(`/users/${encodeURIComponent(email)}`, { method: 'PUT', body, auth: true });
