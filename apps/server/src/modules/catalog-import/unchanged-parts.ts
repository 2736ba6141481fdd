import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { partDigest } from '../parts/part-digest.js';
import { partsRelation } from '../parts/stock.service.js';
import { catalogImportParts as staged } from './import.tables.js';
import type { StagedPart } from './rows.js';

/*
 * A daily export from the ERP mostly repeats the catalog, and an unchanged re-import repeats all
 * of it. Each parts row is judged as it is read (decision 076): when its values' digest equals its
 * stored part's, the row changes nothing, and only its number and part number are staged (so the
 * preview counts it, the vehicles' checks and "archive parts that are not in the file" find it).
 * Its fields are never written to the staging table nor compared there.
 *
 * A row whose digest differs, or with an error, is staged and compared field by field as before.
 *
 * The checks across rows could still give a judged row an error: its part number twice in the
 * file, or one of its superseded numbers in use (another row's or a stored part's). Such a row
 * is staged in full after all, from a second read of the file (`needsSecondRead`).
 */

export type JudgedPart = { rowNo: number; sku: string; skuKey: string; superseded: string[] };

/**
 * The row's values in the digest's terms. A blank cell keeps the stored value, so whatever it
 * stands for here, the row can only be judged unchanged when it is: it stands for what the export
 * writes as a blank cell (no maximum, no core charge, no picture, an empty list), and for a value
 * no part has where the export never writes one blank (-1).
 */
function digestOf(p: StagedPart): string {
  return partDigest({
    name: p.name ?? '',
    description: p.description ?? '',
    category: p.category ?? '',
    priceCents: p.priceCents ?? -1,
    minOrderQuantity: p.minOrderQuantity ?? -1,
    packSize: p.packSize ?? -1,
    maxOrderQuantity: p.maxOrderQuantity,
    stock: p.stock ?? -1,
    featured: p.featured ?? false,
    archived: p.archived ?? false,
    imageUrl: p.imageUrl ?? '',
    oemNumbers: p.oemNumbers ?? [],
    supersededNumbers: p.supersededNumbers ?? [],
    tierQuantities: p.tierQuantities ?? [],
    tierCents: p.tierCents ?? [],
    specs: p.specs ?? [],
    coreChargeCents: p.coreChargeCents ?? 0,
  });
}

export class UnchangedParts {
  private readonly judged: JudgedPart[] = [];
  /** Every part number the file lists, upper-case. */
  private readonly numbers = new Set<string>();
  private readonly twice = new Set<string>();

  constructor(private readonly stored: ReadonlyMap<string, string>) {}

  /** Whether the row changes nothing (then it is held here, not staged). */
  take(part: StagedPart): boolean {
    const key = part.skuKey;
    if (this.numbers.has(key)) {
      this.twice.add(key);
      return false;
    }
    this.numbers.add(key);
    if (key === '' || part.errors.length > 0) return false;
    const stored = this.stored.get(key);
    if (!stored || stored !== digestOf(part)) return false;
    this.judged.push({
      rowNo: part.rowNo,
      sku: part.sku,
      skuKey: key,
      superseded: part.supersededNumbers ?? [],
    });
    return true;
  }

  /**
   * After the whole parts sheet: the judged rows the checks across rows would find fault with,
   * by row number. They leave the judged rows, to be staged in full from a second read.
   */
  needsSecondRead(): Set<number> {
    const again = new Set<number>();
    const inUse = (n: string) => this.numbers.has(n) || this.stored.has(n);
    for (const part of this.judged)
      if (this.twice.has(part.skuKey) || part.superseded.some(inUse)) again.add(part.rowNo);
    return again;
  }

  /** The judged rows to stage by their numbers alone: all but those read again. */
  judgedRows(except: ReadonlySet<number>): JudgedPart[] {
    return except.size === 0 ? this.judged : this.judged.filter((p) => !except.has(p.rowNo));
  }
}

/**
 * Judged rows into the staging table: their row and part numbers and their part, no fields (a
 * blank field changes nothing), so the diff finds nothing to change unless their vehicles do.
 */
export async function stageJudgedParts(
  db: Db,
  importId: string,
  rows: readonly JudgedPart[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = rows.slice(i, i + 10_000);
    await db.execute(sql`
      insert into ${staged} (import_id, row_no, sku, sku_key, part_id, stock_before)
      select ${importId}::uuid, u.row_no, u.sku, u.sku_key, p.id, p.available_quantity
        from unnest(${sql.param(chunk.map((p) => p.rowNo))}::int[],
                    ${sql.param(chunk.map((p) => p.sku))}::text[],
                    ${sql.param(chunk.map((p) => p.skuKey))}::text[]) as u(row_no, sku, sku_key)
        join ${partsRelation} p on upper(p.sku) = u.sku_key`);
  }
}
