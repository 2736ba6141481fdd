import { z } from 'zod';
import { PathId } from './common.js';

/*
 * Catalog import and export (issue 34): one file format that goes both ways. The columns below are
 * the format's reference: the server reads and writes them, the template and the README explain
 * them, the console shows them. Headers are matched by their letters and digits alone, case
 * ignored ("Part number", "part_number" and "PART NUMBER" are one column), in any order.
 */

export type ImportColumn = {
  /** What the column sets. */
  key: string;
  /** The header the export writes. */
  header: string;
  /** Other headers read as this column. */
  aliases?: readonly string[];
  /** When a value is needed: always, for a new part, or never (blank leaves the field). */
  required: 'always' | 'new' | 'no';
  help: string;
  example: string;
};

/** The picture of a new part whose row names none (a neutral drawing, served with the app). */
export const NO_PICTURE_URL = '/images/parts/no-picture.svg';

/** Inside a cell, items of a list are separated by this; `\|` is a bar inside an item. */
export const LIST_SEPARATOR = '|';

export const PART_COLUMNS = [
  {
    key: 'sku',
    header: 'Part number',
    aliases: ['sku', 'part no', 'part'],
    required: 'always',
    help: 'The key: a part with this number is changed, any other is added. Letters, digits and dashes, kept as text (leading zeros stay).',
    example: 'IC-1002',
  },
  {
    key: 'name',
    header: 'Name',
    required: 'new',
    help: 'Up to 200 characters.',
    example: 'Ceramic brake pads, front',
  },
  {
    key: 'description',
    header: 'Description',
    required: 'no',
    help: 'Up to 5,000 characters; line breaks inside a quoted cell are kept.',
    example: 'Low-dust ceramic pads for the front axle.',
  },
  {
    key: 'category',
    header: 'Category',
    required: 'no',
    help: 'One of: brakes, filters, ignition, engine, electrical, suspension, cooling, fuel, exhaust, transmission, lighting, uncategorised.',
    example: 'brakes',
  },
  {
    key: 'price',
    header: 'Price',
    aliases: ['unit price'],
    required: 'new',
    help: 'The unit price before tax, at most two decimals: 12.50 or 12,50; 1,234.50 or 1.234,50 when both separators are there. 1,234 alone is ambiguous and refused.',
    example: '58.90',
  },
  {
    key: 'minOrderQuantity',
    header: 'Minimum order quantity',
    aliases: ['min order quantity', 'moq', 'minimum'],
    required: 'new',
    help: 'The smallest quantity an order may have: a whole number of packs.',
    example: '10',
  },
  {
    key: 'packSize',
    header: 'Pack size',
    required: 'no',
    help: 'Sold in whole packs of this many; 1 when a new part leaves it blank.',
    example: '2',
  },
  {
    key: 'maxOrderQuantity',
    header: 'Maximum per order',
    aliases: ['max per order', 'max order quantity'],
    required: 'no',
    help: 'At most this many per order (a whole number of packs, not below the minimum); "none" removes the maximum.',
    example: '200',
  },
  {
    key: 'stock',
    header: 'Stock',
    aliases: ['available quantity', 'quantity available', 'on hand'],
    required: 'no',
    help: 'The stock level as of the preview; orders placed between the preview and the apply are still taken off (decision 058). 0 when a new part leaves it blank.',
    example: '140',
  },
  {
    key: 'featured',
    header: 'Featured',
    required: 'no',
    help: 'yes or no: shown first on the home page.',
    example: 'no',
  },
  {
    key: 'archived',
    header: 'Archived',
    required: 'no',
    help: 'yes withdraws the part from the shop (kept for past orders); no brings it back.',
    example: 'no',
  },
  {
    key: 'imageUrl',
    header: 'Image URL',
    aliases: ['image', 'picture'],
    required: 'no',
    help: 'An address (https://…) or a path of this shop (/uploads/…), kept as a link: the shop never fetches it. A picture in the pictures ZIP named by the part number takes its place; a new part with neither shows a neutral drawing.',
    example: 'https://cdn.example.com/ic-1002.jpg',
  },
  {
    key: 'oemNumbers',
    header: 'OEM numbers',
    aliases: ['oem'],
    required: 'no',
    help: 'Original-equipment numbers this part replaces, separated by |; "none" removes them.',
    example: '0986494525|8K0698151',
  },
  {
    key: 'supersededNumbers',
    header: 'Superseded numbers',
    aliases: ['replaces'],
    required: 'no',
    help: 'Our older part numbers this part replaces, separated by |; never a number in use; "none" removes them.',
    example: 'IC-1001',
  },
  {
    key: 'volumePrices',
    header: 'Volume prices',
    aliases: ['price ladder', 'price tiers'],
    required: 'no',
    help: 'From-quantity:unit price steps, separated by |, each cheaper than the one before; "none" removes them.',
    example: '40:55.00|100:52.50',
  },
  {
    key: 'specifications',
    header: 'Specifications',
    aliases: ['specs'],
    required: 'no',
    help: 'Name=value pairs separated by |; "none" removes them.',
    example: 'Material=Ceramic|Width=155 mm',
  },
  {
    key: 'coreCharge',
    header: 'Core charge',
    aliases: ['core deposit', 'core'],
    required: 'no',
    help: 'A refundable deposit for the old part (remanufactured parts), charged with the part and refunded when the old part comes back; 0 or "none" removes it. Money as in Price.',
    example: '25.00',
  },
] as const satisfies readonly ImportColumn[];

export const FITMENT_COLUMNS = [
  {
    key: 'sku',
    header: 'Part number',
    aliases: ['sku', 'part no', 'part'],
    required: 'always',
    help: 'A part in the parts file or already in the catalog. Every part listed here has its vehicles replaced by the rows given; parts not listed keep theirs.',
    example: 'IC-1002',
  },
  {
    key: 'make',
    header: 'Make',
    required: 'always',
    help: 'As written in the vehicle list (up to 40 characters).',
    example: 'Toyota',
  },
  {
    key: 'model',
    header: 'Model',
    required: 'always',
    help: 'Up to 60 characters.',
    example: 'Corolla',
  },
  {
    key: 'yearFrom',
    header: 'Year from',
    aliases: ['from year', 'first year'],
    required: 'always',
    help: 'The first model year, 1950 to 2035.',
    example: '2014',
  },
  {
    key: 'yearTo',
    header: 'Year to',
    aliases: ['to year', 'last year'],
    required: 'always',
    help: 'The last model year, not before the first.',
    example: '2019',
  },
  {
    key: 'position',
    header: 'Position',
    required: 'no',
    help: 'Where on the vehicle, up to 40 characters: Front, Rear left…',
    example: 'Front',
  },
  {
    key: 'note',
    header: 'Note',
    required: 'no',
    help: 'A short note shown with the vehicle, up to 200 characters.',
    example: 'Not for sport suspension',
  },
] as const satisfies readonly ImportColumn[];

export type PartColumnKey = (typeof PART_COLUMNS)[number]['key'];
export type FitmentColumnKey = (typeof FITMENT_COLUMNS)[number]['key'];

export const IMPORT_STATUSES = [
  'reading',
  'previewed',
  'applying',
  'applied',
  'failed',
  'discarded',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_SHEETS = ['parts', 'fitment', 'pictures'] as const;
export type ImportSheet = (typeof IMPORT_SHEETS)[number];

export const ImportCounts = z.object({
  /** Rows of the parts file, headers and blank rows left out. */
  rows: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /**
   * Parts the apply archives: those not in the file (only with "archive the missing") and the
   * file's `archivedRows`.
   */
  archived: z.number().int(),
  /**
   * Rows that do nothing but archive their part (an Archived cell set to yes, a PIES Item marked
   * D): listed in the diff as "to be archived", not as changed.
   */
  archivedRows: z.number().int(),
  /** Rows of either file with at least one error. */
  errors: z.number().int(),
  fitmentRows: z.number().int(),
  /** Parts whose vehicles the apply replaces. */
  fitmentParts: z.number().int(),
  pictures: z.number().int(),
  /** Changed parts whose price moves by more than half. */
  priceJumps: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportProgress = z.object({
  phase: z.enum(['reading', 'checking', 'writing', 'done']),
  read: z.number().int(),
  checked: z.number().int(),
  written: z.number().int(),
  /** What `written` counts up to, when known. */
  toWrite: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

export const CatalogImportSummary = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fitmentFileName: z.string().nullable(),
  picturesFileName: z.string().nullable(),
  checksum: z.string(),
  archiveMissing: z.boolean(),
  /** Set once applied: whether rows with errors were left out. */
  validOnly: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: ImportCounts,
  progress: ImportProgress,
  /** Why it failed, in words; null otherwise. */
  failure: z.string().nullable(),
  /** What the reader noticed (an encoding, a separator, unknown columns…). */
  notes: z.array(z.string()),
});
export type CatalogImportSummary = z.infer<typeof CatalogImportSummary>;

export const ImportFieldChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** A price that moves by more than half: worth a second look. */
  flagged: z.boolean(),
});
export type ImportFieldChange = z.infer<typeof ImportFieldChange>;

export const ImportChange = z.object({
  row: z.number().int().nullable(),
  partNumber: z.string(),
  kind: z.enum(['new', 'changed', 'archived']),
  fields: z.array(ImportFieldChange),
});
export type ImportChange = z.infer<typeof ImportChange>;

export const ImportError = z.object({
  sheet: z.enum(IMPORT_SHEETS),
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  partNumber: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportError>;

export const CatalogImportDetails = CatalogImportSummary.extend({
  /** The first changes, in file order (the whole diff downloads as a file). */
  changes: z.array(ImportChange),
  /** The first errors, in file order (every row with an error downloads as a file). */
  errors: z.array(ImportError),
});
export type CatalogImportDetails = z.infer<typeof CatalogImportDetails>;

export const ImportListResponse = z.array(CatalogImportSummary);

export const ImportParams = z.object({ id: PathId });

export const ImportChangesQuery = z.object({
  kind: z.enum(['new', 'changed', 'archived']).optional(),
  /** The row number of the last change of the previous page. */
  after: z.coerce.number({ error: 'Cursor must be a number' }).int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

export const ImportChangesPage = z.object({
  items: z.array(ImportChange),
  /** Pass as `after` for the next page; null at the end. */
  next: z.number().int().nullable(),
});
export type ImportChangesPage = z.infer<typeof ImportChangesPage>;

export const ApplyImportBody = z.strictObject({
  /** Leave out the rows with errors; without it, the apply is refused while any remain. */
  validOnly: z.boolean({ error: 'Valid rows only must be true or false' }).default(false),
});
export type ApplyImportBody = z.input<typeof ApplyImportBody>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const CatalogExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format is csv or xlsx' }).default('csv'),
  /** CSV only: the parts file or the fitment file (XLSX holds both as two sheets). */
  file: z.enum(['parts', 'fitment'], { error: 'File is parts or fitment' }).default('parts'),
  /** The staff parts list's filters. */
  q: z.string().trim().max(100).optional(),
  stock: z.enum(['low', 'out']).optional(),
  show: z.enum(['live', 'archived', 'all']).default('all'),
});
export type CatalogExportQuery = z.input<typeof CatalogExportQuery>;

export const TemplateQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Format is csv or xlsx' }).default('xlsx'),
});
