import type { QuickOrderBody, QuickOrderResponse } from '@storefront/contract';
import { api } from '../../lib/api-client';

/** Reads and checks a pasted list (or the grid's rows); the server writes nothing. */
export const resolveQuickOrder = (body: QuickOrderBody) =>
  api<QuickOrderResponse>('/quick-order/resolve', { method: 'POST', body, auth: true });
