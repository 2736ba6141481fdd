import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const sendContact = (body: ContactBody) =>
  api<{ sent: true }>('/contact', { method: 'POST', body });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
