import { z } from 'zod';
import type { ImportColumn } from './catalog-import.js';
import { PathId } from './common.js';

/*
 * A price list's fixed prices as a file (issue 36, decision 062): exported and imported through the
 * catalog import's preview-then-apply flow, with its readers, its cell rules and its words. The
 * columns below are the format's reference (the export writes them, the console and the README
 * explain them); headers are matched by their letters and digits alone, case ignored.
 */

export const PRICE_LIST_ENTRY_COLUMNS = [
  {
    key: 'sku',
    header: 'Part number',
    aliases: ['sku', 'part no', 'part'],
    required: 'always',
    help: 'The part the price is for, as in the catalog (case does not matter).',
    example: 'IC-1002',
  },
  {
    key: 'minQuantity',
    header: 'From quantity',
    aliases: ['from', 'min quantity', 'minimum quantity', 'quantity', 'qty'],
    required: 'no',
    help: 'The price applies from this many pieces; blank is 1. One part may have several rows.',
    example: '10',
  },
  {
    key: 'price',
    header: 'Price',
    aliases: ['unit price', 'fixed price', 'your price'],
    required: 'always',
    help: 'The unit price in dollars, above 0, at most two decimals.',
    example: '41.20',
  },
  {
    key: 'name',
    header: 'Name',
    aliases: ['part name'],
    required: 'no',
    help: 'Not read: the export writes it so that people see which part a row is.',
    example: 'Ceramic brake pads, front',
  },
] as const satisfies readonly ImportColumn[];
export type PriceListEntryColumnKey = (typeof PRICE_LIST_ENTRY_COLUMNS)[number]['key'];

/** Changes and errors an import's answer carries; the whole diff downloads as a file. */
export const PRICE_LIST_IMPORT_SHOWN = 200;

export const PriceListImportCounts = z.object({
  /** Rows of the file, the header and blank rows left out. */
  rows: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Fixed prices the file does not list that the apply removes (only with "replace all"). */
  removed: z.number().int(),
  /** Rows with at least one error. */
  errors: z.number().int(),
  /** Changed prices that move by more than half. */
  priceJumps: z.number().int(),
});
export type PriceListImportCounts = z.infer<typeof PriceListImportCounts>;

export const PriceListImportChange = z.object({
  row: z.number().int().nullable(),
  partNumber: z.string(),
  minQuantity: z.number().int(),
  kind: z.enum(['new', 'changed', 'removed']),
  /** Dollars. */
  before: z.number().nullable(),
  after: z.number().nullable(),
  /** A price that moves by more than half: worth a second look. */
  flagged: z.boolean(),
});
export type PriceListImportChange = z.infer<typeof PriceListImportChange>;

export const PriceListImportError = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  partNumber: z.string().nullable(),
  message: z.string(),
});
export type PriceListImportError = z.infer<typeof PriceListImportError>;

export const PriceListImport = z.object({
  id: z.string(),
  listId: z.string(),
  fileName: z.string(),
  status: z.enum(['previewed', 'applied', 'discarded']),
  replaceAll: z.boolean(),
  counts: PriceListImportCounts,
  notes: z.array(z.string()),
  /** The first changes, in file order (removals last). */
  changes: z.array(PriceListImportChange),
  /** The first errors, in file order. */
  errors: z.array(PriceListImportError),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
export type PriceListImport = z.infer<typeof PriceListImport>;

export const PriceListImportParams = z.object({ id: PathId, importId: PathId });

export const ApplyPriceListImportBody = z.strictObject({
  /** Leave out the rows with errors; without it, the apply is refused while any remain. */
  validOnly: z.boolean({ error: 'Valid rows only must be true or false' }).default(false),
});
export type ApplyPriceListImportBody = z.input<typeof ApplyPriceListImportBody>;

export const PriceListExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format is csv or xlsx' }).default('csv'),
});
