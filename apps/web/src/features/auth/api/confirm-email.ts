import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Confirms an address with the token from the mail. The server accepts it only from someone
 * signed in as the account the token is for, so it runs once the session is known.
 */
const confirmEmailQueryOptions = (token: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: () =>
      api<{ status: boolean; user?: { email: string } | null }>(
        `/auth/verify-email?token=${encodeURIComponent(token)}`,
      ),
    enabled,
    staleTime: Infinity,
    retry: false,
    meta: { private: true },
  });

export const useConfirmEmail = (token: string, enabled: boolean) =>
  useQuery(confirmEmailQueryOptions(token, enabled));

/** Mails the signed-in account a new confirmation link. */
export const useResendConfirmation = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<{ status: boolean }>('/auth/send-verification-email', {
        method: 'POST',
        body: { email },
      }),
  });
