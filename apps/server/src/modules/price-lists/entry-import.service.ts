import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  fromCents,
  PRICE_LIST_IMPORT_SHOWN,
  type PriceListImport,
  type PriceListImportChange,
  type PriceListImportCounts,
  type PriceListImportError,
} from '@storefront/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError, notFound } from '../../http/errors.js';
import { partIdsByNumbers } from '../parts/feeds.service.js';
import { partsRelation } from '../parts/stock.service.js';
import type { EntryFileRow } from './entry-file.js';
import {
  priceListEntries,
  priceListImports,
  type ImportedEntry,
  type PriceListImportRow,
} from './price-lists.tables.js';

/*
 * The preview and the apply of a file of fixed prices (decision 062). The preview compares the
 * file with the list's entries, row by row, and keeps the valid rows with the fingerprint of the
 * entries it saw; the apply writes them in the list's own transaction (`changeList`) only if the
 * entries are still those: otherwise staff preview again, as the catalog import asks.
 */

type Stored = { partId: string; number: string; minQuantity: number; unitCents: number };

async function storedEntries(db: DbOrTx, listId: string): Promise<Stored[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select e.part_id, p.sku, e.min_quantity, e.unit_cents
        from ${priceListEntries} e join ${partsRelation} p on p.id = e.part_id
       where e.list_id = ${listId}::uuid
       order by e.part_id, e.min_quantity`),
  );
  return rows.map((r) => ({
    partId: String(r.part_id),
    number: String(r.sku),
    minQuantity: Number(r.min_quantity),
    unitCents: Number(r.unit_cents),
  }));
}

/** What the entries are, in one hash: the apply compares it with the preview's. */
const fingerprintOf = (entries: readonly Stored[]): string => {
  const hash = createHash('sha256');
  for (const e of entries) hash.update(`${e.partId}:${e.minQuantity}:${e.unitCents}\n`);
  return hash.digest('hex');
};

export async function entriesFingerprint(db: DbOrTx, listId: string): Promise<string> {
  return fingerprintOf(await storedEntries(db, listId));
}

/** A price that moves by more than half of what it was. */
const jumps = (before: number, after: number) => Math.abs(after - before) * 2 > before;

const rowList = (rows: readonly number[]) =>
  rows.length === 2
    ? `rows ${rows[0]} and ${rows[1]}`
    : `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;

/**
 * Compares the file's rows with the list and stores the preview: nothing of the list is written.
 * Older previews of the list (a week) are pruned on the way.
 */
export async function previewEntries(
  db: DbOrTx,
  input: {
    listId: string;
    fileName: string;
    replaceAll: boolean;
    rows: readonly EntryFileRow[];
    notes: string[];
    createdByEmail: string | null;
  },
): Promise<PriceListImportRow> {
  const { rows } = input;
  const ids = await partIdsByNumbers(db, [
    ...new Set(rows.filter((r) => r.partNumber).map((r) => r.partNumber)),
  ]);
  const errors = new Map<number, PriceListImportError[]>(rows.map((r) => [r.rowNo, [...r.errors]]));
  const fail = (row: EntryFileRow, column: string, message: string) =>
    errors.get(row.rowNo)!.push({ row: row.rowNo, column, partNumber: row.partNumber, message });

  // A part and from quantity twice: every row that has it says where the others are.
  const byKey = new Map<string, EntryFileRow[]>();
  for (const row of rows) {
    if (!row.partNumber) continue;
    const id = ids.get(row.partNumber.toUpperCase());
    if (!id) {
      if (!row.errors.some((e) => e.column === 'Part number'))
        fail(row, 'Part number', `No part has the number "${row.partNumber}"`);
      continue;
    }
    if (row.minQuantity === null) continue;
    const key = `${id}:${row.minQuantity}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const same of byKey.values()) {
    if (same.length < 2) continue;
    const times = same.length === 2 ? 'twice' : `${same.length} times`;
    for (const row of same)
      fail(
        row,
        'Part number',
        `Part number ${row.partNumber} from ${row.minQuantity} appears ${times} (${rowList(same.slice(0, 6).map((r) => r.rowNo))})`,
      );
  }

  const stored = await storedEntries(db, input.listId);
  const current = new Map(stored.map((e) => [`${e.partId}:${e.minQuantity}`, e]));
  const counts: PriceListImportCounts = {
    rows: rows.length,
    new: 0,
    changed: 0,
    unchanged: 0,
    removed: 0,
    errors: 0,
    priceJumps: 0,
  };
  const valid: ImportedEntry[] = [];
  const changes: PriceListImportChange[] = [];
  const listed = new Set<string>();
  for (const row of rows) {
    const id = ids.get(row.partNumber.toUpperCase());
    if (id && row.minQuantity !== null) listed.add(`${id}:${row.minQuantity}`);
    if (errors.get(row.rowNo)!.length > 0) {
      counts.errors += 1;
      continue;
    }
    const minQuantity = row.minQuantity!;
    const unitCents = row.unitCents!;
    valid.push([id!, minQuantity, unitCents]);
    const before = current.get(`${id}:${minQuantity}`);
    if (before?.unitCents === unitCents) {
      counts.unchanged += 1;
      continue;
    }
    const flagged = before !== undefined && jumps(before.unitCents, unitCents);
    if (flagged) counts.priceJumps += 1;
    counts[before ? 'changed' : 'new'] += 1;
    changes.push({
      row: row.rowNo,
      partNumber: before?.number ?? row.partNumber,
      minQuantity,
      kind: before ? 'changed' : 'new',
      before: before ? fromCents(before.unitCents) : null,
      after: fromCents(unitCents),
      flagged,
    });
  }
  if (input.replaceAll)
    for (const e of stored) {
      if (listed.has(`${e.partId}:${e.minQuantity}`)) continue;
      counts.removed += 1;
      changes.push({
        row: null,
        partNumber: e.number,
        minQuantity: e.minQuantity,
        kind: 'removed',
        before: fromCents(e.unitCents),
        after: null,
        flagged: false,
      });
    }

  await db
    .delete(priceListImports)
    .where(
      and(
        eq(priceListImports.listId, input.listId),
        lt(priceListImports.createdAt, sql`now() - interval '7 days'`),
      ),
    );
  const [saved] = await insertOr404(
    db
      .insert(priceListImports)
      .values({
        listId: input.listId,
        status: 'previewed',
        fileName: input.fileName,
        replaceAll: input.replaceAll,
        fingerprint: fingerprintOf(stored),
        rows: valid,
        changes,
        errors: [...errors.values()].flat(),
        notes: input.notes,
        counts,
        createdByEmail: input.createdByEmail,
      })
      .returning(),
  );
  if (!saved) throw new Error('previewEntries: no row');
  return saved;
}

/** A list deleted while its file was read: a 404, not the generic conflict of a foreign key. */
async function insertOr404<T>(insert: Promise<T>): Promise<T> {
  try {
    return await insert;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('Price list');
    throw err;
  }
}

export async function findEntryImport(
  db: DbOrTx,
  listId: string,
  importId: string,
  lock = false,
): Promise<PriceListImportRow | undefined> {
  const query = db
    .select()
    .from(priceListImports)
    .where(and(eq(priceListImports.id, importId), eq(priceListImports.listId, listId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export const entryImportNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'No such import of this price list');

const notPreviewed = (row: PriceListImportRow) =>
  new AppError(409, 'IMPORT_NOT_PREVIEWED', `This import is ${row.status}: it cannot be applied.`);

/**
 * Checks, under the list's lock (`changeList`), that a preview may be applied as it was shown:
 * still a preview, its errors left out only when asked, and the list's entries those it compared.
 */
export async function claimEntryImport(
  tx: Tx,
  listId: string,
  importId: string,
  validOnly: boolean,
): Promise<PriceListImportRow> {
  const row = await findEntryImport(tx, listId, importId, true);
  if (!row) throw entryImportNotFound();
  if (row.status !== 'previewed') throw notPreviewed(row);
  const errors = row.counts.errors;
  if (errors > 0 && !validOnly)
    throw new AppError(
      409,
      'IMPORT_HAS_ERRORS',
      `${errors.toLocaleString('en-US')} ${errors === 1 ? 'row has' : 'rows have'} errors: fix ${errors === 1 ? 'it' : 'them'} and upload the file again, or apply the valid rows only.`,
    );
  if (errors > 0 && row.replaceAll)
    throw new AppError(
      409,
      'IMPORT_HAS_ERRORS',
      'Replacing all the fixed prices needs every row valid (a row left out would remove its price): fix the rows and upload the file again.',
    );
  if ((await entriesFingerprint(tx, listId)) !== row.fingerprint)
    throw new AppError(
      409,
      'LIST_CHANGED',
      "The list's fixed prices changed since this preview (another import, or a staff edit). Nothing was changed: upload the file again to see what it would change now.",
    );
  return row;
}

export async function markEntryImport(
  db: DbOrTx,
  id: string,
  status: 'applied' | 'discarded',
): Promise<PriceListImportRow> {
  const [row] = await db
    .update(priceListImports)
    .set({ status, ...(status === 'applied' ? { appliedAt: new Date() } : {}) })
    .where(eq(priceListImports.id, id))
    .returning();
  if (!row) throw entryImportNotFound();
  return row;
}

/** A preview may be discarded once; an applied one stays as it was. */
export async function discardEntryImport(
  db: DbOrTx,
  listId: string,
  importId: string,
): Promise<PriceListImportRow> {
  const [row] = await db
    .update(priceListImports)
    .set({ status: 'discarded' })
    .where(
      and(
        eq(priceListImports.id, importId),
        eq(priceListImports.listId, listId),
        eq(priceListImports.status, 'previewed'),
      ),
    )
    .returning();
  if (row) return row;
  if (!(await findEntryImport(db, listId, importId))) throw entryImportNotFound();
  throw new AppError(409, 'IMPORT_NOT_PREVIEWED', 'Only a preview can be discarded.');
}

export const toImportView = (row: PriceListImportRow): PriceListImport => ({
  id: row.id,
  listId: row.listId,
  fileName: row.fileName,
  status: row.status,
  replaceAll: row.replaceAll,
  counts: row.counts,
  notes: row.notes,
  changes: row.changes.slice(0, PRICE_LIST_IMPORT_SHOWN),
  errors: row.errors.slice(0, PRICE_LIST_IMPORT_SHOWN),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByEmail,
  appliedAt: row.appliedAt?.toISOString() ?? null,
});
