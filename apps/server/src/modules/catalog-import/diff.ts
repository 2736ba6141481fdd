import { sql } from 'drizzle-orm';
import {
  formatMoney,
  fromCents,
  PART_COLUMNS,
  type ImportChange,
  type ImportFieldChange,
  type PartSpec,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { partsRelation } from '../parts/stock.service.js';
import { catalogImportParts as staged } from './import.tables.js';

/*
 * The preview's diff: for every part in the file, the fields that will change (old → new), in
 * SQL against the catalog, stored on the staging row; then each row's kind.
 */

/** Whether the file sets the field to something else. */
const differs = (given: string, stored: string) =>
  `s.${given} is not null and s.${given} is distinct from p.${stored}`;

/** One field's change as [before, after] when the file sets it to something else. */
const field = (name: string, given: string, stored: string) =>
  sql.raw(
    `'${name}', case when ${differs(given, stored)} then jsonb_build_array(p.${stored}, s.${given}) end`,
  );

/** [name, file's column, catalog's column] of the fields compared as they are. */
const PLAIN_FIELDS = [
  ['name', 'name', 'name'],
  ['description', 'description', 'description'],
  ['category', 'category', 'category'],
  ['price', 'price_cents', 'price_cents'],
  ['minOrderQuantity', 'min_order_quantity', 'min_order_quantity'],
  ['packSize', 'pack_size', 'pack_size'],
  ['stock', 'stock', 'available_quantity'],
  ['featured', 'featured', 'featured'],
  ['imageUrl', 'image_url', 'image_url'],
  ['oemNumbers', 'oem_numbers', 'oem_numbers'],
  ['supersededNumbers', 'superseded_numbers', 'superseded_numbers'],
  ['specifications', 'specs', 'specs'],
  ['coreCharge', 'core_charge_cents', 'core_charge_cents'],
] as const;

/** The fields compared by a rule of their own (a cleared maximum, archiving, the price ladder). */
const MAX_CLEARED = 's.clear_max and p.max_order_quantity is not null';
const MAX_SET =
  's.max_order_quantity is not null and s.max_order_quantity is distinct from p.max_order_quantity';
const ARCHIVED = 's.archived is not null and s.archived <> (p.archived_at is not null)';
const LADDER = `s.tier_quantities is not null
  and (s.tier_quantities is distinct from p.tier_quantities or s.tier_cents is distinct from p.tier_cents)`;

/**
 * Whether the row changes anything: the same conditions as the fields' changes, tested before any
 * is built (building every field's JSON for 100,000 unchanged rows was most of the diff's time).
 */
const anyDifference = sql.raw(
  [
    ...PLAIN_FIELDS.map(([, given, stored]) => differs(given, stored)),
    MAX_CLEARED,
    MAX_SET,
    ARCHIVED,
    LADDER,
  ]
    .map((condition) => `(${condition})`)
    .join(' or '),
);

export async function computeDiff(db: DbOrTx, importId: string): Promise<void> {
  await db.execute(sql`
    update ${staged} set kind = 'error'
     where import_id = ${importId} and jsonb_array_length(errors) > 0`);
  await db.execute(sql`
    update ${staged} set kind = 'new'
     where import_id = ${importId} and part_id is null and kind is null`);
  // Only the rows that change are written: an unchanged re-import of 100,000 parts writes
  // nothing here. A row left without a kind is unchanged.
  await db.execute(sql`
    update ${staged} s set
      changes = coalesce(s.changes, '{}'::jsonb) || d.fields,
      kind = 'changed',
      price_jump = d.price_jump
      from (
        select s.row_no,
          jsonb_strip_nulls(jsonb_build_object(
            ${sql.join(
              PLAIN_FIELDS.map(([name, given, stored]) => field(name, given, stored)),
              sql`, `,
            )},
            'maxOrderQuantity', case
              when ${sql.raw(MAX_CLEARED)} then jsonb_build_array(p.max_order_quantity, null)
              when ${sql.raw(MAX_SET)} then jsonb_build_array(p.max_order_quantity, s.max_order_quantity) end,
            'archived', case when ${sql.raw(ARCHIVED)}
              then jsonb_build_array(p.archived_at is not null, s.archived) end,
            'volumePrices', case when ${sql.raw(LADDER)}
              then jsonb_build_array(jsonb_build_array(p.tier_quantities, p.tier_cents),
                                     jsonb_build_array(s.tier_quantities, s.tier_cents)) end
          )) as fields,
          s.price_cents is not null and p.price_cents > 0
            and abs(s.price_cents - p.price_cents) * 2 > p.price_cents as price_jump
          from ${staged} s join ${partsRelation} p on p.id = s.part_id
         where s.import_id = ${importId} and s.kind is null
           -- A row whose vehicles alone change has its changes already (\`fitmentDifferences\`).
           and (s.changes is not null or ${anyDifference})
      ) d
     where s.import_id = ${importId} and s.row_no = d.row_no
       and coalesce(s.changes, '{}'::jsonb) || d.fields <> '{}'::jsonb`);
  // A row that does nothing but archive a live part (a PIES Item marked D, decision 067; an
  // Archived cell set to yes) is shown and counted as "to be archived", not as a change.
  await db.execute(sql`
    update ${staged} set kind = 'archived'
     where import_id = ${importId} and kind = 'changed'
       and changes = '{"archived": [false, true]}'::jsonb`);
}

const LABEL: Record<string, string> = {
  ...Object.fromEntries(PART_COLUMNS.map((c) => [c.key, c.header])),
  fitment: 'Vehicles',
  // An ACES application's quantity, in words already (decision 067).
  quantities: 'Quantity per vehicle',
};

type Ladder = [number[] | null, number[] | null];

/** A value as the preview shows it. */
function shown(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return key === 'maxOrderQuantity' ? 'none' : null;
  switch (key) {
    case 'price':
    case 'coreCharge':
      return formatMoney(fromCents(Number(value)));
    case 'featured':
    case 'archived':
      return value ? 'yes' : 'no';
    case 'oemNumbers':
    case 'supersededNumbers':
      return (value as string[]).join(', ') || 'none';
    case 'specifications':
      return (value as PartSpec[]).map((s) => `${s.name}: ${s.value}`).join('; ') || 'none';
    case 'volumePrices': {
      const [q, c] = value as Ladder;
      return (
        (q ?? [])
          .map((n, i) => `from ${n}: ${formatMoney(fromCents(Number(c?.[i] ?? 0)))}`)
          .join(', ') || 'none'
      );
    }
    case 'fitment':
      return `${Number(value).toLocaleString('en-US')} ${Number(value) === 1 ? 'vehicle' : 'vehicles'}`;
    default:
      return String(value);
  }
}

const ORDER = [...PART_COLUMNS.map((c) => c.key as string), 'fitment', 'quantities'];

/** A staging row's changes as the preview lists them, field by field in the file's column order. */
export function changeOf(row: {
  rowNo: number;
  sku: string;
  kind: string;
  changes: Record<string, [unknown, unknown]> | null;
  priceJump: boolean;
  values?: Record<string, unknown>;
}): ImportChange {
  const fields: ImportFieldChange[] = [];
  if (row.kind === 'new' && row.values) {
    for (const key of ORDER) {
      const value = row.values[key];
      if (value === null || value === undefined) continue;
      fields.push({
        field: key,
        label: LABEL[key] ?? key,
        before: null,
        after: shown(key, value),
        flagged: false,
      });
    }
  } else
    for (const key of ORDER) {
      const pair = row.changes?.[key];
      if (!pair) continue;
      fields.push({
        field: key,
        label: LABEL[key] ?? key,
        before: shown(key, pair[0]),
        after: shown(key, pair[1]),
        flagged: key === 'price' && row.priceJump,
      });
    }
  return {
    row: row.rowNo > 0 ? row.rowNo : null,
    partNumber: row.sku.toUpperCase(),
    kind: row.kind === 'new' || row.kind === 'archived' ? row.kind : 'changed',
    fields,
  };
}
