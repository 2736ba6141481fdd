import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.js';

/**
 * Machine keys (decision 059). Only the SHA-256 of a key is kept: the key is 32 random bytes, so
 * a slow hash would add nothing, and a leaked table names no usable key. `prefix` is the key's
 * first characters in clear, to recognise it in lists and logs.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['staff', 'company'] }).notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    /** The user id of who made it (their address is in the audit log, which erasure handles). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_company_idx').on(t.companyId),
    check('api_keys_company_kind', sql`(${t.kind} = 'company') = (${t.companyId} is not null)`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** An ERP's Idempotency-Key and the fingerprint of its body (SHA-256 of the canonical JSON). */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'api_idempotency_pk', columns: [t.keyId, t.idempotencyKey] })],
);
