import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { partsRelation } from '../parts/stock.service.js';
import type { StagedFitment, StagedPart } from './rows.js';
import { intArray, textArray } from '../../db/array-literals.js';

/** The staged column as an array literal (one parameter), or null for a blank cell. */
const textArrayLiteral = (items: readonly string[] | null): string | null =>
  items === null ? null : textArray(items);
const intArrayLiteral = (items: readonly number[] | null): string | null =>
  items === null ? null : intArray(items);
const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/**
 * Writes staged rows with one statement per batch: each column travels as one array parameter
 * and `unnest` turns them back into rows, so 5,000 rows cost one round trip and a handful of
 * parameters (a multi-row VALUES would need 25 parameters a row).
 */
export async function insertStagedParts(
  db: DbOrTx,
  importId: string,
  rows: readonly StagedPart[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: StagedPart) => T) => rows.map(pick);
  await db.execute(sql`
    insert into catalog_import_parts (import_id, row_no, sku, sku_key, name, description, category,
      price_cents, min_order_quantity, pack_size, max_order_quantity, clear_max, stock, featured,
      archived, image_url, oem_numbers, superseded_numbers, tier_quantities, tier_cents, specs,
      core_charge_cents, errors, raw, part_id, stock_before)
    select ${importId}::uuid, u.row_no, u.sku, u.sku_key, u.name, u.description, u.category,
      u.price_cents, u.min_order_quantity, u.pack_size, u.max_order_quantity, u.clear_max, u.stock,
      u.featured, u.archived, u.image_url, u.oem_numbers::text[], u.superseded_numbers::text[],
      u.tier_quantities::int[], u.tier_cents::int[], u.specs::jsonb, u.core_charge_cents,
      coalesce(u.errors::jsonb, '[]'), u.raw::jsonb,
      p.id, p.available_quantity
    from unnest(
      ${sql.param(col((r) => r.rowNo))}::int[], ${sql.param(col((r) => r.sku))}::text[], ${sql.param(col((r) => r.skuKey))}::text[],
      ${sql.param(col((r) => r.name))}::text[], ${sql.param(col((r) => r.description))}::text[],
      ${sql.param(col((r) => r.category))}::text[], ${sql.param(col((r) => r.priceCents))}::int[],
      ${sql.param(col((r) => r.minOrderQuantity))}::int[], ${sql.param(col((r) => r.packSize))}::int[],
      ${sql.param(col((r) => r.maxOrderQuantity))}::int[], ${sql.param(col((r) => r.clearMax))}::boolean[],
      ${sql.param(col((r) => r.stock))}::int[], ${sql.param(col((r) => r.featured))}::boolean[],
      ${sql.param(col((r) => r.archived))}::boolean[], ${sql.param(col((r) => r.imageUrl))}::text[],
      ${sql.param(col((r) => textArrayLiteral(r.oemNumbers)))}::text[],
      ${sql.param(col((r) => textArrayLiteral(r.supersededNumbers)))}::text[],
      ${sql.param(col((r) => intArrayLiteral(r.tierQuantities)))}::text[],
      ${sql.param(col((r) => intArrayLiteral(r.tierCents)))}::text[],
      ${sql.param(col((r) => json(r.specs)))}::text[], ${sql.param(col((r) => (r.errors.length > 0 ? JSON.stringify(r.errors) : null)))}::text[],
      ${sql.param(col((r) => json(r.raw)))}::text[], ${sql.param(col((r) => r.coreChargeCents))}::int[]
    ) as u(row_no, sku, sku_key, name, description, category, price_cents, min_order_quantity,
      pack_size, max_order_quantity, clear_max, stock, featured, archived, image_url, oem_numbers,
      superseded_numbers, tier_quantities, tier_cents, specs, errors, raw, core_charge_cents)
    -- Each row matched to its part as it is written (a second pass over 100,000 rows saved).
    left join ${partsRelation} p on upper(p.sku) = u.sku_key`);
}

export async function insertStagedFitments(
  db: DbOrTx,
  importId: string,
  rows: readonly StagedFitment[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: StagedFitment) => T) => rows.map(pick);
  await db.execute(sql`
    insert into catalog_import_fitments (import_id, row_no, sku, sku_key, make, model, year_from,
      year_to, position, note, errors, raw)
    select ${importId}::uuid, u.row_no, u.sku, u.sku_key, u.make, u.model, u.year_from, u.year_to,
      u.position, u.note, coalesce(u.errors::jsonb, '[]'), u.raw::jsonb
    from unnest(
      ${sql.param(col((r) => r.rowNo))}::int[], ${sql.param(col((r) => r.sku))}::text[], ${sql.param(col((r) => r.skuKey))}::text[],
      ${sql.param(col((r) => r.make))}::text[], ${sql.param(col((r) => r.model))}::text[],
      ${sql.param(col((r) => r.yearFrom))}::int[], ${sql.param(col((r) => r.yearTo))}::int[],
      ${sql.param(col((r) => r.position))}::text[], ${sql.param(col((r) => r.note))}::text[],
      ${sql.param(col((r) => (r.errors.length > 0 ? JSON.stringify(r.errors) : null)))}::text[], ${sql.param(col((r) => json(r.raw)))}::text[]
    ) as u(row_no, sku, sku_key, make, model, year_from, year_to, position, note, errors, raw)`);
}
