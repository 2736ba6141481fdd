import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { PRICE_LIST_ENTRY_COLUMNS, type PriceListEntryColumnKey } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { moneyCell } from '../catalog-import/cells.js';
import { csvFile, drained, textRow } from '../catalog-import/export.js';
import { partsRelation } from '../parts/stock.service.js';
import { priceListEntries } from './price-lists.tables.js';

/*
 * A list's fixed prices as its import reads them (decision 062): exported and imported again, the
 * preview says nothing changes. Streamed a page at a time by part number; text never a formula.
 */

const PAGE = 2_000;

async function* entryRows(db: DbOrTx, listId: string): AsyncGenerator<string[][]> {
  let after: { key: string; min: number } | null = null;
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        select p.sku, upper(p.sku) as key, p.name, e.min_quantity, e.unit_cents
          from ${priceListEntries} e join ${partsRelation} p on p.id = e.part_id
         where e.list_id = ${listId}::uuid
           and (${after?.key ?? null}::text is null
                or (upper(p.sku), e.min_quantity) > (${after?.key ?? ''}::text, ${after?.min ?? 0}::int))
         order by upper(p.sku), e.min_quantity
         limit ${PAGE}`),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const values: Record<PriceListEntryColumnKey, string> = {
        sku: String(r.sku),
        minQuantity: String(r.min_quantity),
        price: moneyCell(Number(r.unit_cents)),
        name: String(r.name),
      };
      return PRICE_LIST_ENTRY_COLUMNS.map((c) => values[c.key]);
    });
    const last = rows.at(-1)!;
    after = { key: String(last.key), min: Number(last.min_quantity) };
  }
}

/** CSV, as the catalog's export writes it. */
export function exportEntriesCsv(db: DbOrTx, listId: string): Readable {
  async function* rows(): AsyncGenerator<string[]> {
    for await (const page of entryRows(db, listId)) yield* page;
  }
  return csvFile(
    PRICE_LIST_ENTRY_COLUMNS.map((c) => c.header),
    rows(),
  );
}

/** One sheet, every cell text (part numbers keep their leading zeros; nothing is a formula). */
export function exportEntriesXlsx(db: DbOrTx, listId: string): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        useStyles: true,
      });
      const sheet = workbook.addWorksheet('Fixed prices', {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = PRICE_LIST_ENTRY_COLUMNS.map((c) => ({
        header: c.header,
        key: c.key,
        width: 18,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const page of entryRows(db, listId)) {
        for (const row of page) textRow(sheet, row);
        await drained(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
