import { createHash } from 'node:crypto';
import { isUuid } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { findPart, listParts, toPartResponse } from './parts.service.js';

import { encode, type Encoded } from './compressed.js';

/** The JSON, its ETag and, for large bodies, its compressed forms. */
export type CachedBody = { body: string; etag: string; encoded: Encoded | null };

export type CatalogCache = {
  list(): Promise<CachedBody>;
  /** Null for an unknown (or malformed) id; misses are not cached. */
  one(id: string): Promise<CachedBody | null>;
  /** Call after a write to parts or stock has committed. */
  invalidate(): void;
};

const entity = (body: string): CachedBody => ({
  body,
  encoded: body.length > 1024 ? encode(body) : null,
  etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
});

/**
 * The catalog is read far more than it changes: its JSON is kept serialized in memory. Writes on
 * this instance clear it at once; `ttlMs` bounds how long another instance's writes (several
 * servers on one PostgreSQL) take to show. A generation counter keeps a read that raced a write
 * from storing what it read before the write.
 */
export function createCatalogCache(db: Db, ttlMs: number): CatalogCache {
  let generation = 0;
  let listEntry: { value: CachedBody; at: number } | null = null;
  const parts = new Map<string, { value: CachedBody; at: number }>();
  const fresh = (at: number) => Date.now() - at < ttlMs;

  return {
    async list() {
      if (listEntry && fresh(listEntry.at)) return listEntry.value;
      const started = generation;
      const value = entity(JSON.stringify(await listParts(db)));
      if (started === generation) listEntry = { value, at: Date.now() };
      return value;
    },
    async one(id) {
      if (!isUuid(id)) return null;
      const hit = parts.get(id);
      if (hit && fresh(hit.at)) return hit.value;
      const started = generation;
      const row = await findPart(db, id);
      // An archived part is gone from the shop: not found, as if it never was.
      if (!row || row.archivedAt) return null;
      const value = entity(JSON.stringify(toPartResponse(row)));
      if (started === generation) parts.set(id, { value, at: Date.now() });
      return value;
    },
    invalidate() {
      generation += 1;
      listEntry = null;
      parts.clear();
    },
  };
}
