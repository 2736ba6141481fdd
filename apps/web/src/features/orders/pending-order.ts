import type { CreateOrderBody } from '@storefront/contract';

/**
 * An order being placed, kept in this tab's sessionStorage until the server answers: a reload while
 * "Place order" is in flight sends the same request again (the same idempotency key), and the
 * server answers with the order it placed instead of placing a second one.
 */
const storageKey = (partId: string) => `pending-order:${partId}`;

export const pendingOrder = {
  read(partId: string): CreateOrderBody | null {
    try {
      const raw = sessionStorage.getItem(storageKey(partId));
      return raw ? (JSON.parse(raw) as CreateOrderBody) : null;
    } catch {
      return null;
    }
  },
  save(body: CreateOrderBody): void {
    try {
      sessionStorage.setItem(storageKey(body.partId), JSON.stringify(body));
    } catch {
      // Private mode or storage full: the order is still placed, only not recoverable on reload.
    }
  },
  clear(partId: string): void {
    try {
      sessionStorage.removeItem(storageKey(partId));
    } catch {
      // nothing to clear
    }
  },
};
