import { sql } from 'drizzle-orm';
import { MAX_FITMENTS } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { sumText } from '../../db/pg-hash.js';
import { vehicleDigest } from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import { catalogImportParts as staged } from './import.tables.js';
import { cellText, type Cell } from './cells.js';
import { stageFitment, type StagedFitment } from './rows.js';
import type { FitmentColumnKey } from '@storefront/contract';

/*
 * A vehicles file mostly repeats what the catalog holds: a daily export from the ERP changes a few
 * parts' vehicles, and an unchanged re-import changes none. Staging and comparing 400,000 rows to
 * find that out was most of an unchanged re-import's preview (decision 072). So a part's rows,
 * as the file lists them one after another, are held in memory while read; when the next part
 * begins, their digests are summed and compared with the sum of the part's stored vehicles. When
 * equal, the part's vehicles are unchanged and nothing of them is staged; otherwise its rows are
 * staged and compared as before.
 *
 * A file that lists a part's vehicles in two places (not sorted by part number) cannot be judged
 * by one run: the part's later rows are staged, and so are its earlier ones, on a second read of
 * the file (`needsSecondRead`).
 */

/** A vehicles row as read: typed by the contract's rule (`stageFitment`) only when staged. */
type ReadRow = {
  rowNo: number;
  cells: Map<FitmentColumnKey, Cell>;
  raw: () => Record<string, string>;
};

type Run = {
  key: string;
  sku: string;
  first: number;
  last: number;
  rows: ReadRow[];
  /** The rows' digests summed, as high and low 32-bit halves (exact: at most 200 of each). */
  highs: number;
  lows: number;
  /** Still held: the part's stored vehicles could match. */
  holding: boolean;
};

export type SkippedPart = { sku: string; first: number; last: number; count: number };

const typed = (rows: readonly ReadRow[]): StagedFitment[] =>
  rows.map((r) => stageFitment(r.rowNo, r.cells, r.raw));

export class UnchangedVehicles {
  private run: Run | null = null;
  private readonly seen = new Set<string>();
  /** Parts whose vehicles are as stored: nothing staged. */
  readonly skipped = new Map<string, SkippedPart>();
  /** Parts skipped before their part number came back later in the file. */
  private readonly broken = new Set<string>();

  constructor(private readonly stored: ReadonlyMap<string, string>) {}

  /**
   * Takes one read row; returns the rows to stage now (none while a part's run is held). A held
   * row's digest is taken from its cells as written: a part whose cells spell exactly its stored
   * vehicles is unchanged, and its rows are never typed. Cells written another way (`2014.0`, a
   * wrong year) make the sums differ, and the rows are then typed, checked and staged as before.
   */
  take(rowNo: number, cells: Map<FitmentColumnKey, Cell>, raw: () => Record<string, string>) {
    const text = (key: FitmentColumnKey) => cellText(cells.get(key) ?? null);
    const key = (text('sku') ?? '').toUpperCase();
    const out = this.run && this.run.key !== key ? this.close() : [];
    if (!this.run) this.open(key, text('sku') ?? '', rowNo);
    const run = this.run!;
    run.last = rowNo;
    if (!run.holding) {
      out.push(stageFitment(rowNo, cells, raw));
      return out;
    }
    const row = { rowNo, cells, raw };
    // More rows than a part may keep cannot match.
    if (run.rows.length >= MAX_FITMENTS) {
      run.holding = false;
      out.push(...typed([...run.rows, row]));
      run.rows = [];
      return out;
    }
    run.rows.push(row);
    const digest = vehicleDigest({
      make: text('make'),
      model: text('model'),
      yearFrom: text('yearFrom'),
      yearTo: text('yearTo'),
      // A blank position or note is stored as empty text, not as nothing.
      position: text('position') ?? '',
      note: text('note') ?? '',
    });
    run.highs += digest.high;
    run.lows += digest.low;
    return out;
  }

  /** At the end of the file: the last part's rows, when they are to be staged. */
  end(): StagedFitment[] {
    return this.close();
  }

  /** The skipped parts' rows: read, counted, never staged. */
  get skippedRows(): number {
    let n = 0;
    for (const part of this.skipped.values()) n += part.count;
    return n;
  }

  /**
   * Parts skipped whose number came back later in the file: their skipped rows (by row number)
   * are staged on a second read. Each leaves `skipped` when asked.
   */
  needsSecondRead(): Map<string, SkippedPart> {
    const again = new Map<string, SkippedPart>();
    for (const key of this.broken) {
      const part = this.skipped.get(key);
      if (!part) continue;
      again.set(key, part);
      this.skipped.delete(key);
    }
    return again;
  }

  private open(key: string, sku: string, rowNo: number) {
    const again = this.seen.has(key);
    if (again && this.skipped.has(key)) this.broken.add(key);
    this.seen.add(key);
    this.run = {
      key,
      sku,
      first: rowNo,
      last: rowNo,
      rows: [],
      highs: 0,
      lows: 0,
      holding: key !== '' && !again && this.stored.has(key),
    };
  }

  private close(): StagedFitment[] {
    const run = this.run;
    this.run = null;
    if (!run) return [];
    if (
      run.holding &&
      this.stored.get(run.key) === `${run.rows.length}:${sumText(run.highs, run.lows)}`
    ) {
      this.skipped.set(run.key, {
        sku: run.sku,
        first: run.first,
        last: run.last,
        count: run.rows.length,
      });
      return [];
    }
    return typed(run.rows);
  }
}

/**
 * Skipped parts the parts file does not list, each as a row of the parts' staging table (as
 * `addFitmentOnlyParts` adds a part the vehicles file names): the preview counts it, and
 * "archive parts that are not in the file" knows the file names it.
 */
export async function stageSkippedParts(
  db: Db,
  importId: string,
  entries: readonly (readonly [string, SkippedPart])[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 10_000) {
    const chunk = entries.slice(i, i + 10_000);
    await db.execute(sql`
      insert into ${staged} (import_id, row_no, sku, sku_key, part_id, stock_before)
      select ${importId}::uuid, -u.first_row, u.sku, u.sku_key, p.id, null
        from unnest(${sql.param(chunk.map(([key]) => key))}::text[],
                    ${sql.param(chunk.map(([, part]) => part.sku))}::text[],
                    ${sql.param(chunk.map(([, part]) => part.first))}::int[]) as u(sku_key, sku, first_row)
        join ${partsRelation} p on upper(p.sku) = u.sku_key
       where not exists (select 1 from ${staged} s
                          where s.import_id = ${importId} and s.sku_key = u.sku_key)`);
  }
}
