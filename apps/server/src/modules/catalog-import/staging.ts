import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { partsRelation } from '../parts/stock.service.js';
import type { StagedFitment, StagedPart } from './rows.js';

/**
 * A batch of staged rows as one JSON parameter. A lone UTF-16 surrogate (possible in a
 * spreadsheet's XML, never in valid UTF-8) is written as U+FFFD, as the driver writes it in any
 * text parameter: PostgreSQL's JSON parser refuses it.
 */
export function jsonRows(rows: readonly object[]): string {
  const json = JSON.stringify(rows);
  return /\\ud[89a-f]/i.test(json)
    ? json.replace(/(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi, '$1\\ufffd')
    : json;
}

/*
 * Staged rows are written with one statement per batch: the batch travels as one JSON parameter
 * (the rows as the reader made them, serialised by V8's JSON.stringify) and `jsonb_to_recordset`
 * turns it back into rows. Building one array parameter per column instead (each value escaped
 * by the driver) cost the server's one JavaScript thread 1.1 s of a 100,000-part import's reading.
 * As `jsonb`, not `json`: `json_to_recordset` builds a hash table for every object it reads, and
 * staging 400,000 vehicles took the database 8.7-9.1 s that way against 3.6-3.9 s (PostgreSQL 15,
 * batches of 2,000, one at a time); the reader waited for it.
 */

export async function insertStagedParts(
  db: DbOrTx,
  importId: string,
  rows: readonly StagedPart[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into catalog_import_parts (import_id, row_no, sku, sku_key, name, description, category,
      price_cents, min_order_quantity, pack_size, max_order_quantity, clear_max, stock, featured,
      archived, image_url, oem_numbers, superseded_numbers, tier_quantities, tier_cents, specs,
      core_charge_cents, errors, raw, part_id, stock_before)
    select ${importId}::uuid, u."rowNo", u.sku, u."skuKey", u.name, u.description, u.category,
      u."priceCents", u."minOrderQuantity", u."packSize", u."maxOrderQuantity", u."clearMax",
      u.stock, u.featured, u.archived, u."imageUrl", u."oemNumbers", u."supersededNumbers",
      u."tierQuantities", u."tierCents", u.specs, u."coreChargeCents",
      -- A row that matches no stored part is a new part: its own cells decided its rules.
      coalesce(u.errors, '[]') || case when p.id is null then coalesce(u."newPartErrors", '[]') else '[]' end,
      u.raw,
      p.id, p.available_quantity
    from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as u("rowNo" int, sku text, "skuKey" text,
      name text, description text, category text, "priceCents" int, "minOrderQuantity" int,
      "packSize" int, "maxOrderQuantity" int, "clearMax" boolean, stock int, featured boolean,
      archived boolean, "imageUrl" text, "oemNumbers" text[], "supersededNumbers" text[],
      "tierQuantities" int[], "tierCents" int[], specs jsonb, "coreChargeCents" int, errors jsonb,
      "newPartErrors" jsonb, raw jsonb)
    -- Each row matched to its part as it is written (a second pass over 100,000 rows saved).
    left join ${partsRelation} p on upper(p.sku) = u."skuKey"`);
}

export async function insertStagedFitments(
  db: DbOrTx,
  importId: string,
  rows: readonly StagedFitment[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into catalog_import_fitments (import_id, row_no, sku, sku_key, make, model, year_from,
      year_to, position, note, errors, raw)
    select ${importId}::uuid, u."rowNo", u.sku, u."skuKey", u.make, u.model, u."yearFrom",
      u."yearTo", u.position, u.note, coalesce(u.errors, '[]'), u.raw
    from jsonb_to_recordset(${jsonRows(rows)}::jsonb) as u("rowNo" int, sku text, "skuKey" text,
      make text, model text, "yearFrom" int, "yearTo" int, position text, note text,
      errors jsonb, raw jsonb)`);
}
