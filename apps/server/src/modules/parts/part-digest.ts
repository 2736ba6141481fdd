import { sql } from 'drizzle-orm';
import type { PartSpec } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { hashTextExtended, sumText } from '../../db/pg-hash.js';
import { rowsOf } from '../../db/raw-rows.js';
import { parts } from './parts.tables.js';

/*
 * A part's digest: PostgreSQL's `hashtextextended` of the JSON text of everything an import can
 * set on it (`jsonb_build_array(...)::text`), computed in the database for the catalog and here
 * for a row as an import reads it. An unchanged re-import judges each parts row by it as read and
 * stages none of its fields (decision 076), as it judges each part's vehicles (decision 072).
 */

/** What an import can set on a part, in the digest's order. */
export type PartDigestValues = {
  name: string;
  description: string;
  category: string;
  priceCents: number;
  minOrderQuantity: number;
  packSize: number;
  maxOrderQuantity: number | null;
  stock: number;
  featured: boolean;
  archived: boolean;
  imageUrl: string;
  oemNumbers: readonly string[];
  supersededNumbers: readonly string[];
  tierQuantities: readonly number[];
  tierCents: readonly number[];
  specs: readonly PartSpec[];
  coreChargeCents: number;
};

type Json = null | string | number | boolean | readonly Json[] | { readonly [key: string]: Json };

/**
 * A value as PostgreSQL writes a `jsonb` value as text: `, ` between items, `": "` after a key,
 * keys shortest first and then by their bytes (UTF-8), strings escaped as JSON.stringify escapes them
 * (`"`, `\`, and control characters). A lone surrogate, which the database never holds, is
 * written another way: the row then differs, and is compared field by field as before.
 */
export function pgJsonText(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(pgJsonText).join(', ')}]`;
  const object = value as { readonly [key: string]: Json };
  const keys = Object.keys(object)
    .map((k) => ({ k, bytes: Buffer.from(k) }))
    .sort((a, b) => a.bytes.length - b.bytes.length || Buffer.compare(a.bytes, b.bytes))
    .map(({ k }) => k);
  return `{${keys.map((k) => `${JSON.stringify(k)}: ${pgJsonText(object[k]!)}`).join(', ')}}`;
}

export function partDigest(v: PartDigestValues): string {
  const { high, low } = hashTextExtended(
    pgJsonText([
      v.name,
      v.description,
      v.category,
      v.priceCents,
      v.minOrderQuantity,
      v.packSize,
      v.maxOrderQuantity,
      v.stock,
      v.featured,
      v.archived,
      v.imageUrl,
      v.oemNumbers,
      v.supersededNumbers,
      v.tierQuantities,
      v.tierCents,
      v.specs as unknown as Json,
      v.coreChargeCents,
    ]),
  );
  return sumText(high, low);
}

/**
 * Every part's digest (stock as it is now) by upper-case part number. A number two parts share
 * once upper-cased maps to '' (no digest equals it): it names no one part, and it is still a
 * number in use.
 */
export async function partDigestsByNumber(db: DbOrTx): Promise<Map<string, string>> {
  const rows = rowsOf(
    await db.execute(sql`
      select upper(p.sku) as sku_key, hashtextextended(jsonb_build_array(p.name, p.description,
               p.category, p.price_cents, p.min_order_quantity, p.pack_size, p.max_order_quantity,
               p.available_quantity, p.featured, p.archived_at is not null, p.image_url,
               p.oem_numbers, p.superseded_numbers, p.tier_quantities, p.tier_cents, p.specs,
               p.core_charge_cents)::text, 0)::text as digest
        from ${parts} p`),
  );
  const digests = new Map<string, string>();
  for (const row of rows) {
    const key = String(row.sku_key);
    digests.set(key, digests.has(key) ? '' : String(row.digest));
  }
  return digests;
}
