import type { LocalCartLine } from '@storefront/contract';

/**
 * A visitor's cart, kept in this browser (localStorage) until they sign in, when it joins the
 * account's cart on the server. Small on purpose: the navbar reads its count on every page.
 */
const KEY = 'cart:v1';
const CHANGED = 'cart:changed';

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
    if (lines.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(lines));
  } catch {
    // Private mode or storage full: the cart lives as long as the page.
  }
  window.dispatchEvent(new Event(CHANGED));
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
