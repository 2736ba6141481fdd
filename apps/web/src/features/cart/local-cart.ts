import type { LocalCartLine } from '@storefront/contract';
import { newRequestKey } from '../../lib/request-key';

/**
 * A visitor's cart, kept in this browser (localStorage) until they sign in, when it joins the
 * account's cart on the server. Small on purpose: the navbar reads its count on every page.
 */
const KEY = 'cart:v1';
const CHANGED = 'cart:changed';
/** This cart's name for its merge at sign-in: kept until the cart is emptied (merged). */
const MERGE_ID_KEY = 'cart:v1:merge-id';

export type LocalLine = Pick<LocalCartLine, 'partId' | 'quantity' | 'reference'> & {
  seenUnitPrice?: number;
};

function read(): LocalLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LocalLine[]) : [];
  } catch {
    return [];
  }
}

function write(lines: LocalLine[]): void {
  try {
    if (lines.length === 0) {
      localStorage.removeItem(KEY);
      localStorage.removeItem(MERGE_ID_KEY);
    } else localStorage.setItem(KEY, JSON.stringify(lines));
  } catch {
    // Private mode or storage full: the cart lives as long as the page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** A random UUID (`crypto.randomUUID` exists only on HTTPS pages; this on plain HTTP too). */
function randomUuid(): string {
  const hex = newRequestKey();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const localCart = {
  lines: read,
  count: () => read().length,
  /** A part appears once: adding it again adds to its quantity. */
  add(line: LocalLine): void {
    const lines = read();
    const found = lines.find((l) => l.partId === line.partId);
    if (found) found.quantity += line.quantity;
    else lines.push(line);
    write(lines);
  },
  set(partId: string, change: Partial<Omit<LocalLine, 'partId'>>): void {
    write(read().map((l) => (l.partId === partId ? { ...l, ...change } : l)));
  },
  remove(partId: string): void {
    write(read().filter((l) => l.partId !== partId));
  },
  clear: () => write([]),
  /**
   * The name this cart merges under, the same on every page until the merge is answered: a
   * merge the server took whose answer the buyer never saw (they left the page) adds nothing
   * when the next page sends it again.
   */
  mergeId(): string {
    try {
      const kept = localStorage.getItem(MERGE_ID_KEY);
      if (kept) return kept;
      const made = randomUuid();
      localStorage.setItem(MERGE_ID_KEY, made);
      return made;
    } catch {
      return randomUuid();
    }
  },
  /** Called on a change in this tab or another one. */
  subscribe(listener: () => void): () => void {
    const onStorage = (e: StorageEvent) => {
      if (e.key === KEY) listener();
    };
    window.addEventListener(CHANGED, listener);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CHANGED, listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
