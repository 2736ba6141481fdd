import { sql } from 'drizzle-orm';
import { PART_COLUMNS, type PartColumnKey } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import type { Cell } from '../catalog-import/cells.js';
import { IMPORT_LIMITS } from '../catalog-import/limits.js';
import type { Sheet } from '../catalog-import/sheets.js';
import { partsRelation } from '../parts/stock.service.js';
import { acesUnmapped, piesPartData, piesStagedItems, type PiesPrice } from './industry.tables.js';
import { readPies, type PiesItem } from './pies-read.js';

/** The shop's prices are US dollars (the contract's money). */
const CURRENCY = 'USD';
const LIST = 'LST';
const BATCH = 2_000;

/** Dollars as the price column reads them ("58.90"), or null. */
const centsOf = (amount: string): number | null =>
  /^\d{1,7}(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount) * 100) : null;

type Unmapped = { reason: string; part: string | null; detail: string };

/**
 * A PIES file as the catalog import reads it (decision 067): one parts sheet, one row per Item:
 * part number; name and description from its descriptions (DES, else SHO; MKT, else EXT); the
 * list price (LST, in US dollars) as the price; the first package's quantity of eaches as the
 * pack size; interchange numbers of another brand as OEM numbers and of its own brand as the
 * numbers it supersedes; the first digital asset's address as the picture. A blank cell keeps the
 * part's field, so what PIES does not say stays as it is. Brand and the other price types are
 * staged beside the rows; what is not read is reported by segment, with counts, and item by item.
 */
export function piesSheets(
  db: Db,
  importId: string,
  file: { path: string; name: string },
): () => AsyncGenerator<Sheet> {
  return async function* () {
    yield { label: file.name, rows: rows() };
  };

  async function* rows(): AsyncGenerator<Cell[]> {
    yield PART_COLUMNS.map((c) => c.header);
    const known = new Set(
      rowsOf(await db.execute(sql`select upper(sku) as k from ${partsRelation}`)).map((r) =>
        String(r.k),
      ),
    );
    const segments = new Map<string, number>();
    const priceTypes = new Map<string, number>();
    let items = 0;
    let deleted = 0;
    let header = '';
    let seq = 0;
    let staged: {
      skuKey: string;
      brandId: string | null;
      brandLabel: string | null;
      prices: PiesPrice[];
    }[] = [];
    let unmapped: Unmapped[] = [];
    const flush = async () => {
      if (staged.length > 0)
        await db.execute(sql`
          insert into ${piesStagedItems} (import_id, sku_key, brand_id, brand_label, prices)
          select ${importId}::uuid, u.k, u.b, u.l, u.p::jsonb
            from unnest(${sql.param(staged.map((s) => s.skuKey))}::text[],
                        ${sql.param(staged.map((s) => s.brandId))}::text[],
                        ${sql.param(staged.map((s) => s.brandLabel))}::text[],
                        ${sql.param(staged.map((s) => JSON.stringify(s.prices)))}::text[]) as u(k, b, l, p)
          on conflict do nothing`);
      if (unmapped.length > 0)
        await db.execute(sql`
          insert into ${acesUnmapped} (import_id, seq, reason, app_id, part, vehicle, detail)
          select ${importId}::uuid, u.s, u.r, null, u.p, null, u.d
            from unnest(${sql.param(unmapped.map(() => ++seq))}::int[],
                        ${sql.param(unmapped.map((u) => u.reason))}::text[],
                        ${sql.param(unmapped.map((u) => u.part))}::text[],
                        ${sql.param(unmapped.map((u) => u.detail))}::text[]) as u(s, r, p, d)`);
      staged = [];
      unmapped = [];
    };
    try {
      for await (const entry of readPies(file)) {
        if (entry.kind === 'header') {
          header = `PIES ${entry.version}${entry.submissionType ? `, ${entry.submissionType}` : ''}`;
          continue;
        }
        if (entry.kind === 'segment') {
          segments.set(entry.name, (segments.get(entry.name) ?? 0) + 1);
          continue;
        }
        const { item } = entry;
        if (++items > IMPORT_LIMITS.maxPartRows)
          throw new AppError(
            400,
            'UNREADABLE_FILE',
            `${file.name} holds more than ${IMPORT_LIMITS.maxPartRows.toLocaleString('en-US')} Items; one import reads at most that many. Nothing was changed.`,
          );
        for (const u of item.unread)
          segments.set(`Item/${u}`, (segments.get(`Item/${u}`) ?? 0) + 1);
        const row = rowOf(item, known, unmapped, priceTypes);
        if (row) {
          yield row.cells;
          if (row.staged) staged.push(row.staged);
          else deleted += 1;
        }
        if (staged.length >= BATCH || unmapped.length >= BATCH) await flush();
      }
      await flush();
      const notes = [
        `${header}: ${items.toLocaleString('en-US')} Items.`,
        ...(deleted > 0
          ? [
              `${deleted.toLocaleString('en-US')} ${deleted === 1 ? 'Item is' : 'Items are'} marked D (deleted): ${deleted === 1 ? 'its part is' : 'their parts are'} archived, kept for past orders, not deleted.`,
            ]
          : []),
        ...(priceTypes.size > 0
          ? [
              `Prices other than the list price, kept with each part for price lists: ${[
                ...priceTypes,
              ]
                .map(([t, n]) => `${t} (${n.toLocaleString('en-US')})`)
                .join(', ')}.`,
            ]
          : []),
        ...(segments.size > 0
          ? [
              `Segments not read: ${[...segments]
                .map(([s, n]) => `${s} (${n.toLocaleString('en-US')})`)
                .join(', ')}.`,
            ]
          : []),
        ...(seq > 0
          ? [
              `${seq.toLocaleString('en-US')} Item values were not mapped: download the list to see each.`,
            ]
          : []),
      ];
      await db.execute(sql`
        update catalog_imports set notes = notes || ${JSON.stringify(notes)}::jsonb where id = ${importId}`);
    } catch (err) {
      await db.execute(sql`delete from ${piesStagedItems} where import_id = ${importId}`);
      throw err;
    }
  }
}

function rowOf(
  item: PiesItem,
  known: Set<string>,
  unmapped: Unmapped[],
  priceTypes: Map<string, number>,
) {
  const part = item.partNumber;
  const miss = (reason: string, detail: string) =>
    unmapped.push({ reason, part, detail: `line ${item.line}: ${detail}` });
  if (!part) {
    miss('No part number', 'the Item has no PartNumber');
    return null;
  }
  if (item.maintenance === 'D') {
    // A deleted Item withdraws its part from the shop: archived, never deleted (orders, invoices
    // and quotes name it), through the preview's diff as "to be archived". Its other segments
    // say nothing the shop should keep for a part it no longer sells.
    if (!known.has(part.toUpperCase())) {
      miss(
        'Item deleted',
        'MaintenanceType D names a part the shop does not hold: nothing to archive',
      );
      return null;
    }
    const cells: Partial<Record<PartColumnKey, string>> = { sku: part, archived: 'yes' };
    return { cells: PART_COLUMNS.map((c) => cells[c.key] ?? null) as Cell[], staged: null };
  }
  const cells: Partial<Record<PartColumnKey, string>> = { sku: part };
  const d = item.descriptions;
  const name = d.get('DES') ?? d.get('SHO');
  if (name) cells.name = name;
  const long = d.get('MKT') ?? d.get('EXT');
  if (long) cells.description = long;
  const others: PiesPrice[] = [];
  for (const p of item.prices) {
    const cents = centsOf(p.amount);
    const currency = p.currency ?? CURRENCY;
    if (cents === null) miss('Price not read', `${p.type} "${p.amount}" is not an amount`);
    else if (currency !== CURRENCY)
      miss('Price not read', `${p.type} is in ${currency}; the shop's prices are in ${CURRENCY}`);
    else if (p.type === LIST && cells.price === undefined) cells.price = (cents / 100).toFixed(2);
    else {
      others.push({ type: p.type, cents, currency, uom: p.uom });
      priceTypes.set(p.type, (priceTypes.get(p.type) ?? 0) + 1);
    }
  }
  const pack = item.packages[0];
  if (pack !== undefined && pack > 0) cells.packSize = String(pack);
  // A part new to the shop needs a minimum order: one pack.
  if (!known.has(part.toUpperCase())) cells.minOrderQuantity = String(pack && pack > 0 ? pack : 1);
  const own = item.interchanges.filter((i) => i.brandId && i.brandId === item.brandId);
  const oem = item.interchanges.filter((i) => !(i.brandId && i.brandId === item.brandId));
  if (oem.length > 0)
    cells.oemNumbers = oem.map((i) => i.partNumber.replace(/\|/g, '\\|')).join('|');
  if (own.length > 0)
    cells.supersededNumbers = own.map((i) => i.partNumber.replace(/\|/g, '\\|')).join('|');
  const asset = item.assets.find((a) => a.assetType === 'P04') ?? item.assets[0];
  if (asset) {
    if (/^https:\/\//i.test(asset.uri)) cells.imageUrl = asset.uri;
    else miss('Picture not read', `"${asset.uri.slice(0, 80)}" is not an https address`);
  }
  return {
    cells: PART_COLUMNS.map((c) => cells[c.key] ?? null) as Cell[],
    staged: {
      skuKey: part.toUpperCase(),
      brandId: item.brandId,
      brandLabel: item.brandLabel,
      prices: others,
    },
  };
}

/**
 * Inside the catalog import's apply: each part a PIES Item named (and the apply wrote) keeps the
 * Item's brand and other prices.
 */
export async function recordPiesData(tx: DbOrTx, importId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${piesPartData} (part_id, brand_id, brand_label, prices, updated_at)
    select p.id, s.brand_id, s.brand_label, s.prices, now()
      from ${piesStagedItems} s join ${partsRelation} p on upper(p.sku) = s.sku_key
     where s.import_id = ${importId}
       and not exists (select 1 from catalog_import_parts c
                        where c.import_id = ${importId} and c.sku_key = s.sku_key and c.kind = 'error')
    on conflict (part_id) do update set brand_id = excluded.brand_id, brand_label = excluded.brand_label,
      prices = excluded.prices, updated_at = now()`);
  await tx.execute(sql`delete from ${piesStagedItems} where import_id = ${importId}`);
}
