import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_RATE_DEFAULT,
  API_KEY_VISIBLE,
  type ApiKeyKind,
  type ApiKeyView,
  type ApiScope,
  type CreatedApiKey,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { apiIdempotency, apiKeys, type ApiKeyRow } from './api-keys.tables.js';

export type { ApiKeyRow };

/** The hash a key is stored and looked up by. */
export const hashKey = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new key: 32 random bytes after a prefix naming its kind (`sfk_s_…` staff, `sfk_c_…` company). */
export function newKeySecret(kind: ApiKeyKind): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${kind === 'staff' ? 's' : 'c'}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_VISIBLE), hash: hashKey(secret) };
}

export const toApiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  companyId: row.companyId,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  rateLimitPerMinute: row.rateLimitPerMinute,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export type NewApiKey = {
  kind: ApiKeyKind;
  companyId: string | null;
  name: string;
  scopes: readonly ApiScope[];
  expiresAt?: string | null | undefined;
  rateLimitPerMinute?: number | undefined;
  createdBy: string;
};

export async function createApiKey(tx: DbOrTx, input: NewApiKey): Promise<CreatedApiKey> {
  const { secret, prefix, hash } = newKeySecret(input.kind);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      kind: input.kind,
      companyId: input.companyId,
      name: input.name,
      prefix,
      secretHash: hash,
      scopes: [...input.scopes],
      rateLimitPerMinute: input.rateLimitPerMinute ?? API_KEY_RATE_DEFAULT,
      createdBy: input.createdBy,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  return { ...toApiKeyView(row!), secret };
}

/** Staff keys, or one company's keys: newest first. */
export async function listApiKeys(
  db: DbOrTx,
  owner: { kind: 'staff' } | { companyId: string },
): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      'companyId' in owner ? eq(apiKeys.companyId, owner.companyId) : eq(apiKeys.kind, 'staff'),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyView);
}

/**
 * Revokes a key of that owner (a staff key, or one of that company's): resolves the key revoked
 * now, or undefined when there is no such live key of theirs.
 */
export async function revokeApiKey(
  tx: DbOrTx,
  id: string,
  owner: { kind: 'staff' } | { companyId: string },
): Promise<ApiKeyRow | undefined> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        isNull(apiKeys.revokedAt),
        'companyId' in owner ? eq(apiKeys.companyId, owner.companyId) : eq(apiKeys.kind, 'staff'),
      ),
    )
    .returning();
  return row;
}

export async function findKeyByHash(db: DbOrTx, hash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, hash)).limit(1);
  return row;
}

/**
 * Records the key's use. At most one write a minute per key: "last used" is for people deciding
 * whether a key is still needed, and a feed calling many times a second must not pay a write each.
 */
export async function touchApiKey(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/**
 * Holds an ERP's Idempotency-Key to the body it first came with: `first` for a key not seen (or
 * seen more than a day ago), `same` for the same body again, `other` for another body. Two
 * concurrent first calls both see `first` or `same`: the order itself is made once by the placing
 * statement's own key.
 */
export async function holdIdempotencyKey(
  db: DbOrTx,
  keyId: string,
  idempotencyKey: string,
  fingerprint: string,
): Promise<'first' | 'same' | 'other'> {
  // Kept a day at least: older ones of this key go as new ones come.
  await db
    .delete(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.keyId, keyId),
        sql`${apiIdempotency.createdAt} < now() - interval '24 hours'`,
      ),
    );
  const inserted = await db
    .insert(apiIdempotency)
    .values({ keyId, idempotencyKey, fingerprint })
    .onConflictDoNothing()
    .returning({ keyId: apiIdempotency.keyId });
  if (inserted.length > 0) return 'first';
  const [held] = await db
    .select({ fingerprint: apiIdempotency.fingerprint })
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idempotencyKey, idempotencyKey)));
  return held?.fingerprint === fingerprint ? 'same' : 'other';
}
