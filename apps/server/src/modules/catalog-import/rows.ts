import type { z } from 'zod';
import {
  CatalogFields,
  CoreChargeField,
  CreatePartBody,
  Fitment,
  FITMENT_COLUMNS,
  MAX_QUANTITY,
  normalisePartNumber,
  PART_COLUMNS,
  PriceLadderInput,
  type FitmentColumnKey,
  type ImportColumn,
  type PartColumnKey,
  type PartSpec,
} from '@storefront/contract';
import {
  cellText,
  cents,
  isError,
  isNone,
  listItems,
  pairOf,
  rawItems,
  wholeNumber,
  yesNo,
  type Cell,
  type Read,
} from './cells.js';
import type { CellError } from './import.tables.js';
import { partRuleErrors } from './part-rules.js';

export type { CellError };

/** A header's letters and digits, lower-case: how columns are matched. */
export const headerKey = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export type ColumnMap<K extends string> = { index: Map<number, K>; unknown: string[] };

/**
 * The columns of a header row: each known header (or alias) to its key; unknown headers are
 * reported, not ignored silently. A column named twice is the caller's to refuse.
 */
export function mapColumns<K extends string>(
  headers: readonly Cell[],
  columns: readonly (ImportColumn & { key: K })[],
): ColumnMap<K> & { duplicate: string | null } {
  const byKey = new Map<string, K>();
  for (const c of columns)
    for (const h of [c.header, ...(c.aliases ?? [])]) byKey.set(headerKey(h), c.key);
  const index = new Map<number, K>();
  const unknown: string[] = [];
  const seen = new Set<K>();
  let duplicate: string | null = null;
  headers.forEach((cell, i) => {
    const header = cellText(cell);
    if (header === null) return;
    const key = byKey.get(headerKey(header));
    if (!key) unknown.push(header);
    else {
      if (seen.has(key)) duplicate ??= header;
      seen.add(key);
      index.set(i, key);
    }
  });
  return { index, unknown, duplicate };
}

/** Whether a header row is a fitment sheet's (it names a make and a model). */
export function isFitmentHeader(headers: readonly Cell[]): boolean {
  const keys = new Set(mapColumns(headers, FITMENT_COLUMNS).index.values());
  return keys.has('make') && keys.has('model');
}

/** The cells of one row by column key, every cell as written (for the file of rows to fix). */
export function cellsOf<K extends string>(
  row: readonly Cell[],
  columns: ColumnMap<K>,
): { cells: Map<K, Cell>; raw: () => Record<string, string> } {
  const cells = new Map<K, Cell>();
  for (const [i, key] of columns.index) cells.set(key, row[i] ?? null);
  return {
    cells,
    // Only a row with an error keeps its cells as written: built when asked for.
    raw: () => {
      const raw: Record<string, string> = {};
      for (const [key, cell] of cells) {
        const text = cellText(cell);
        if (text !== null) raw[key] = text;
      }
      return raw;
    },
  };
}

const label = (key: string, columns: readonly ImportColumn[]) =>
  columns.find((c) => c.key === key)?.header ?? key;

/** The first message of a contract schema's refusal, or the value it accepts. */
function bySchema<S extends z.ZodType>(schema: S, value: unknown): Read<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { value: result.data };
  return { error: result.error.issues[0]?.message ?? 'Not a valid value' };
}

/** A part's row as the staging table holds it: null leaves a field as it is. */
export type StagedPart = {
  rowNo: number;
  sku: string;
  skuKey: string;
  name: string | null;
  description: string | null;
  category: string | null;
  priceCents: number | null;
  minOrderQuantity: number | null;
  packSize: number | null;
  maxOrderQuantity: number | null;
  clearMax: boolean;
  stock: number | null;
  featured: boolean | null;
  archived: boolean | null;
  imageUrl: string | null;
  oemNumbers: string[] | null;
  supersededNumbers: string[] | null;
  tierQuantities: number[] | null;
  tierCents: number[] | null;
  specs: PartSpec[] | null;
  /** The core deposit (decision 069); 0 removes it. */
  coreChargeCents: number | null;
  errors: CellError[];
  /**
   * The quantity rule's and the volume prices' messages were this a new part (its row then holds
   * every input): kept when the row matches no stored part, as it is staged. A stored part's
   * are checked against the catalog (`checkPartRules`).
   */
  newPartErrors: CellError[];
  raw: Record<string, string> | null;
};

const shape = CreatePartBody.shape;

/** Superseded numbers as staged and compared: upper case, each once. */
export const supersededKeys = (items: readonly string[]): string[] => [
  ...new Set(items.map((n) => n.toUpperCase())),
];

/**
 * One row of the parts file, each cell read by the contract's own rule for its field (the same
 * messages as the add-part form). Rules that need the part as it will be (a blank cell keeps the
 * stored value) are checked later, against the catalog.
 */
export function stagePart(
  rowNo: number,
  cells: Map<PartColumnKey, Cell>,
  raw: () => Record<string, string>,
): StagedPart {
  const errors: CellError[] = [];
  const fail = (key: PartColumnKey, message: string) =>
    errors.push({ column: label(key, PART_COLUMNS), message });
  /** The cell's text, or null when blank. */
  const text = (key: PartColumnKey) => cellText(cells.get(key) ?? null);
  function take<T>(key: PartColumnKey, read: (cell: Cell) => Read<T>): T | null {
    const cell = cells.get(key) ?? null;
    if (cellText(cell) === null) return null;
    const r = read(cell);
    if (isError(r)) {
      fail(key, r.error);
      return null;
    }
    return r.value;
  }

  const skuText = text('sku') ?? '';
  const sku = skuText.toUpperCase();
  if (!skuText) fail('sku', 'Part number is required');
  else {
    const r = bySchema(CatalogFields.shape.sku, skuText);
    if (isError(r)) fail('sku', r.error);
  }

  const name = take('name', (c) => bySchema(shape.name, cellText(c)));
  const description = take('description', (c) => bySchema(shape.description, cellText(c)));
  const category = take('category', (c) =>
    bySchema(CatalogFields.shape.category.unwrap(), cellText(c)?.toLowerCase()),
  );
  const priceCents = take('price', (c) => {
    const r = cents(c, 'Price');
    if (isError(r)) return r;
    const checked = bySchema(shape.price, r.value / 100);
    return isError(checked) ? checked : r;
  });
  const whole = (key: PartColumnKey, what: string, schema: z.ZodType) =>
    take(key, (c) => {
      const r = wholeNumber(c, what);
      return isError(r) ? r : (bySchema(schema, r.value) as Read<number>);
    });
  const minOrderQuantity = whole(
    'minOrderQuantity',
    'Minimum order quantity',
    shape.mOrderQuantity,
  );
  const packSize = whole('packSize', 'Pack size', shape.packSize);
  let clearMax = false;
  const maxOrderQuantity = take('maxOrderQuantity', (c) => {
    if (isNone(cellText(c)!)) {
      clearMax = true;
      return { value: null };
    }
    const r = wholeNumber(c, 'Maximum per order');
    return isError(r) ? r : (bySchema(shape.maxOrderQuantity, r.value) as Read<number | null>);
  });
  const coreChargeCents = take('coreCharge', (c) => {
    if (isNone(cellText(c)!)) return { value: 0 };
    const r = cents(c, 'Core charge');
    if (isError(r)) return r;
    const checked = bySchema(CoreChargeField, r.value / 100);
    return isError(checked) ? checked : r;
  });
  const stock = take('stock', (c) => {
    const r = wholeNumber(c, 'Stock');
    if (isError(r)) return r;
    if (r.value > MAX_QUANTITY) return { error: 'Stock is too large' };
    return r;
  });
  const featured = take('featured', (c) => yesNo(c, 'Featured'));
  const archived = take('archived', (c) => yesNo(c, 'Archived'));
  const imageUrl = take('imageUrl', (c) => bySchema(shape.url, cellText(c)));

  /** A list cell: "none" empties it; otherwise its items, checked by the field's schema. */
  function list<T>(key: PartColumnKey, check: (items: string[]) => Read<T[]>): T[] | null {
    return take(key, (c) => {
      const t = cellText(c)!;
      return isNone(t) ? { value: [] } : check(listItems(t));
    });
  }
  const oem = list('oemNumbers', (items) =>
    bySchema(CatalogFields.shape.oemNumbers.unwrap(), items),
  );
  const oemNumbers = oem ? [...new Set(oem.map(normalisePartNumber))] : null;
  const superseded = list('supersededNumbers', (items) =>
    bySchema(CatalogFields.shape.supersededNumbers.unwrap(), items),
  );
  const supersededNumbers = superseded ? supersededKeys(superseded) : null;
  if (sku && supersededNumbers?.includes(sku))
    fail('supersededNumbers', `Superseded number ${sku} is this part's own number`);

  const ladder = take('volumePrices', (c) => {
    const t = cellText(c)!;
    if (isNone(t)) return { value: [] as { minQuantity: number; cents: number }[] };
    const steps: { minQuantity: number; cents: number }[] = [];
    for (const item of rawItems(t)) {
      const pair = pairOf(item, ':');
      if (!pair) return { error: `Volume price "${item}" is not from-quantity:price (40:8.20)` };
      const q = wholeNumber(pair[0], 'From quantity');
      if (isError(q)) return q;
      const p = cents(pair[1], 'Step price');
      if (isError(p)) return p;
      steps.push({ minQuantity: q.value, cents: p.value });
    }
    const checked = bySchema(
      PriceLadderInput,
      steps.map((s) => ({ minQuantity: s.minQuantity, price: s.cents / 100 })),
    );
    return isError(checked) ? checked : { value: steps };
  });
  const specs = take('specifications', (c) => {
    const t = cellText(c)!;
    if (isNone(t)) return { value: [] as PartSpec[] };
    const pairs: { name: string; value: string }[] = [];
    for (const item of rawItems(t)) {
      const pair = pairOf(item, '=');
      if (!pair) return { error: `Specification "${item}" is not name=value` };
      pairs.push({ name: pair[0], value: pair[1] });
    }
    return bySchema(CatalogFields.shape.specs.unwrap(), pairs);
  });

  const tierQuantities = ladder ? ladder.map((s) => s.minQuantity) : null;
  const tierCents = ladder ? ladder.map((s) => s.cents) : null;
  return {
    rowNo,
    sku: skuText,
    skuKey: sku,
    name,
    description,
    category,
    priceCents,
    minOrderQuantity,
    packSize,
    maxOrderQuantity: clearMax ? null : maxOrderQuantity,
    clearMax,
    stock,
    featured,
    archived,
    imageUrl,
    oemNumbers,
    supersededNumbers,
    tierQuantities,
    tierCents,
    specs,
    coreChargeCents,
    errors,
    newPartErrors:
      minOrderQuantity === null || priceCents === null
        ? []
        : partRuleErrors({
            minimum: minOrderQuantity,
            packSize: packSize ?? 1,
            maximum: clearMax ? null : maxOrderQuantity,
            priceCents,
            tierQuantities,
            tierCents,
            ladderGiven: tierQuantities !== null,
          }),
    // The cells as written are kept only for a row already wrong: a row found wrong later is
    // written back from its typed values (`stagedCells`), which say the same.
    raw: errors.length > 0 ? raw() : null,
  };
}

export type StagedFitment = {
  rowNo: number;
  sku: string;
  skuKey: string;
  make: string | null;
  model: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  position: string;
  note: string;
  errors: CellError[];
  raw: Record<string, string> | null;
};

/** One row of the fitment file, read by the contract's vehicle rule. */
/**
 * The contract's vehicle rule, remembered for the vehicles already seen: a file names the same
 * make, model and years thousands of times. Bounded: forgets everything when full.
 */
const seenVehicles = new Map<string, ReturnType<typeof Fitment.safeParse>>();
function checkedVehicle(candidate: {
  make: string;
  model: string;
  yearFrom: number | null;
  yearTo: number | null;
  position: string;
  note: string;
}) {
  // Each text with its length first: no two candidates share a key (cheaper than JSON.stringify).
  const key = `${candidate.make.length}:${candidate.make}${candidate.model.length}:${candidate.model}${candidate.yearFrom},${candidate.yearTo},${candidate.position.length}:${candidate.position}${candidate.note}`;
  let result = seenVehicles.get(key);
  if (!result) {
    if (seenVehicles.size >= 50_000) seenVehicles.clear();
    result = Fitment.safeParse(candidate);
    seenVehicles.set(key, result);
  }
  return result;
}

const columnOf: Record<string, string> = {
  make: 'Make',
  model: 'Model',
  yearFrom: 'Year from',
  yearTo: 'Year to',
  position: 'Position',
  note: 'Note',
};

export function stageFitment(
  rowNo: number,
  cells: Map<FitmentColumnKey, Cell>,
  raw: () => Record<string, string>,
): StagedFitment {
  const errors: CellError[] = [];
  const text = (key: FitmentColumnKey) => cellText(cells.get(key) ?? null);
  const skuText = text('sku') ?? '';
  if (!skuText) errors.push({ column: 'Part number', message: 'Part number is required' });
  const years = (key: 'yearFrom' | 'yearTo') => {
    const cell = cells.get(key) ?? null;
    if (cellText(cell) === null) return null;
    const r = wholeNumber(cell, label(key, FITMENT_COLUMNS));
    return isError(r) ? Number.NaN : r.value;
  };
  const candidate = {
    make: text('make') ?? '',
    model: text('model') ?? '',
    yearFrom: years('yearFrom'),
    yearTo: years('yearTo'),
    position: text('position') ?? '',
    note: text('note') ?? '',
  };
  const result = checkedVehicle(candidate);
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const message =
        candidate[field as 'yearFrom'] === null
          ? `${columnOf[field]} is required`
          : issue.message.replace(/^First year/, 'Year from').replace(/^Last year/, 'Year to');
      if (!errors.some((e) => e.column === columnOf[field]))
        errors.push({ column: columnOf[field] ?? null, message });
    }
  const ok = result.success ? result.data : null;
  return {
    rowNo,
    sku: skuText,
    skuKey: skuText.toUpperCase(),
    make: ok?.make ?? (candidate.make || null),
    model: ok?.model ?? (candidate.model || null),
    yearFrom: ok?.yearFrom ?? null,
    yearTo: ok?.yearTo ?? null,
    position: ok?.position ?? candidate.position.slice(0, 40),
    note: ok?.note ?? candidate.note.slice(0, 200),
    errors,
    // The cells as written are kept only for a row already wrong: a row found wrong later is
    // written back from its typed values (`stagedCells`), which say the same.
    raw: errors.length > 0 ? raw() : null,
  };
}
