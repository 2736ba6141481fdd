import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { findLivePart, listLivePartsPage, listVehicles } from './catalog.service.js';
import { toPartResponse } from './parts.service.js';
import { encode, type Encoded } from './compressed.js';

/** The JSON, its ETag and, for large bodies, its compressed forms. */
export type CachedBody = { body: string; etag: string; encoded: Encoded | null };

export type CatalogCache = {
  /** A page of the spec's list (featured, then newest) and how many live parts there are. */
  list(page: number, limit: number): Promise<CachedBody & { total: number }>;
  /** Null for an unknown, archived or malformed id; misses are not cached. */
  one(idOrSku: string): Promise<CachedBody | null>;
  vehicles(): Promise<CachedBody>;
  /**
   * Anything else derived from the catalog (facet counts, part pages), by key: kept until the
   * next write or `ttlMs`, at most `MAX_ENTRIES` keys.
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Call after a write to parts or stock has committed. */
  invalidate(): void;
};

/** Bounds the memory the cache can hold, whatever keys requests invent. */
const MAX_ENTRIES = 2000;

export const entity = (body: string): CachedBody => ({
  body,
  encoded: body.length > 1024 ? encode(body) : null,
  etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
});

/**
 * The catalog is read far more than it changes: answers are kept in memory. Writes on this
 * instance clear it at once; `ttlMs` bounds how long another instance's writes (several servers
 * on one PostgreSQL) take to show. A generation counter keeps a read that raced a write from
 * storing what it read before the write.
 */
export function createCatalogCache(
  db: Db,
  ttlMs: number,
  onInvalidate: () => void = () => undefined,
): CatalogCache {
  let generation = 0;
  const entries = new Map<string, { value: unknown; at: number }>();
  const fresh = (at: number) => Date.now() - at < ttlMs;

  async function memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && fresh(hit.at)) return hit.value as T;
    const started = generation;
    const value = await compute();
    if (started === generation && ttlMs > 0) {
      // Oldest first: a Map keeps insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.delete(key);
      entries.set(key, { value, at: Date.now() });
    }
    return value;
  }

  return {
    memo,
    list: (page, limit) =>
      memo(`list:${page}:${limit}`, async () => {
        const { items, total } = await listLivePartsPage(db, page, limit);
        return { ...entity(JSON.stringify(items)), total };
      }),
    async one(idOrSku) {
      const key = `one:${idOrSku.toUpperCase()}`;
      const hit = entries.get(key);
      if (hit && fresh(hit.at)) return hit.value as CachedBody;
      const row = await findLivePart(db, idOrSku);
      if (!row) return null;
      return memo(key, async () => entity(JSON.stringify(toPartResponse(row))));
    },
    vehicles: () => memo('vehicles', async () => entity(JSON.stringify(await listVehicles(db)))),
    invalidate() {
      generation += 1;
      entries.clear();
      onInvalidate();
    },
  };
}
