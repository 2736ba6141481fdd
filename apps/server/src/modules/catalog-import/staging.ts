import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
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

/**
 * Rows staged per statement. A batch lives while it is written, long enough for its objects to
 * be promoted to V8's old generation, which is collected rarely: at 5,000 the reading phase of
 * 100,000 parts and 400,000 vehicles left 250-345 MB of such garbage on the embedded database (the
 * server's memory budget is 300 MB); at 2,000, 173 MB in the same run.
 */
export const BATCH = 2_000;
/**
 * Staged batches written at once while the reader goes on: the database (the PostgreSQL server,
 * or the embedded one on its own thread) works on the other core.
 */
const WRITES_IN_FLIGHT = 2;

/**
 * Staged rows written a batch at a time while the next is read: on PostgreSQL the database works
 * on the other core meanwhile, on two connections (writing a batch of parts took longer than
 * reading the next, and the reader waited). Memory stays at three batches at most.
 */
export function stagedWriter(db: Db, importId: string, kind: 'parts' | 'fitment') {
  let batch: (StagedPart | StagedFitment)[] = [];
  const writing: Promise<void>[] = [];
  // The reader's time spent waiting for the database to take a batch (in the step's log line).
  let waited = 0;
  const flush = async () => {
    const rows = batch;
    batch = [];
    if (rows.length === 0) return;
    if (writing.length >= WRITES_IN_FLIGHT) {
      const start = performance.now();
      await writing.shift();
      waited += performance.now() - start;
    }
    const write =
      kind === 'parts'
        ? insertStagedParts(db, importId, rows as StagedPart[])
        : insertStagedFitments(db, importId, rows as StagedFitment[]);
    // A failed write surfaces at a later flush or at the end, never unhandled.
    write.catch(() => undefined);
    writing.push(write);
  };
  return {
    /** Holds the rows, writing each batch they complete. */
    async add(rows: readonly (StagedPart | StagedFitment)[]) {
      for (const row of rows) {
        batch.push(row);
        if (batch.length >= BATCH) await flush();
      }
    },
    async done() {
      await flush();
      const start = performance.now();
      await Promise.all(writing);
      waited += performance.now() - start;
    },
    waitedMs: () => waited,
  };
}
