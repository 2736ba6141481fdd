import { sql, type SQL } from 'drizzle-orm';
import { PART_COLUMNS, type PartColumnKey } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { hashTextExtended, sumText } from '../../db/pg-hash.js';
import { rowsOf } from '../../db/raw-rows.js';
import { partsRelation } from '../parts/stock.service.js';
import { cellText, isNone, listItems, type Cell } from './cells.js';
import { supersededKeys, type StagedPart } from './rows.js';

/*
 * A daily upload of the ERP's export mostly repeats the catalog, and an unchanged re-import
 * repeats all of it. Typing, staging in full and comparing 100,000 such rows was most of that
 * preview's reading (decision 079, as decision 072 did for vehicles). So when a parts sheet has
 * every column the export writes, each row's cells as read are hashed and compared with the
 * stored part's cells as the export writes them and the importer reads them back, hashed by the
 * database (`storedPartDigests`). Equal: the row says what the catalog says, and only its part
 * number (and its superseded numbers, which other rows are checked against) is staged, every
 * field blank (a blank cell leaves a field as it is): the diff finds it unchanged, the checks
 * across rows still see it. Different (a cell written another way: `58.9`, `Yes`): the row is
 * typed and staged as before. A row is never wrongly skipped, only sometimes not skipped.
 */

/** Joins a row's cells: a row with a cell holding it is never judged, so no two rows join alike. */
const SEPARATOR = '\u001f';

/** One row's cells as read (blank as ''), joined and hashed as the database hashes them. */
export function cellsDigest(texts: readonly (string | null)[]): string | null {
  let joined = '';
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i] ?? '';
    if (text.includes(SEPARATOR)) return null;
    joined += i === 0 ? text : SEPARATOR + text;
  }
  const { high, low } = hashTextExtended(joined);
  return sumText(high, low);
}

/*
 * The export's cells (`partCells`, then `formulaSafe`) as the importer reads them back
 * (`cellText`), written in SQL: the catalog's rows are formatted and hashed by the database,
 * which hands back one number per part (handing this thread the rows themselves, to format them
 * with the export's own code, took 10-11 s for 100,000 parts on the embedded database). A
 * property test holds the two to each other on random parts (`unchanged-parts.test.ts`).
 */

/** What JavaScript's `trim` takes off: its white space and line terminators. */
const JS_SPACE = sql.raw(
  String.raw`E'\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'`,
);
/** `formulaSafe`'s first characters. */
const FORMULA_START = sql.raw(String.raw`('=', '+', '-', '@', E'\t', E'\r')`);
// Literals with backslashes, raw: a tagged template drops a chunk it cannot cook (`\1`).
const CR = sql.raw(String.raw`E'\r'`);
const CRLF = sql.raw(String.raw`E'\r\n'`);
const LF = sql.raw(String.raw`E'\n'`);
/** `escapeItem`: a backslash before each bar and backslash (and, for a name, `=`). */
const ESCAPED = sql.raw(String.raw`'([\\|])', '\\\1', 'g'`);
const ESCAPED_NAME = sql.raw(String.raw`'([\\|=])', '\\\1', 'g'`);
const BAR_OR_BACKSLASH = sql.raw(String.raw`'[\\|]'`);

/**
 * A text cell as read back: `formulaSafe` puts `'` before a formula's first character; `cellText`
 * makes line breaks LF, trims, and takes that `'` off again. Most cells need none of it, which
 * plain string functions tell first.
 */
const asRead = (x: SQL) => sql`(case
  when ${x} = btrim(${x}, ${JS_SPACE}) and left(${x}, 1) not in ('''', '=', '+', '-', '@')
       and strpos(${x}, ${CR}) = 0 then ${x}
  else (select case when left(t, 1) = '''' and substr(t, 2, 1) in ${FORMULA_START}
                    then substr(t, 2) else t end
          from (select btrim(replace(replace(
                  case when left(${x}, 1) in ${FORMULA_START} then '''' || ${x} else ${x} end,
                  ${CRLF}, ${LF}), ${CR}, ${LF}), ${JS_SPACE}) as t) r) end)`;

/** `moneyCell`: cents as `58.90`. */
const money = (cents: SQL) =>
  sql`((${cents}) / 100)::text || '.' || lpad(((${cents}) % 100)::text, 2, '0')`;

/** `listCell`: the items, bars and backslashes escaped, joined by bars (most hold neither). */
const list = (items: SQL) => sql`case when array_to_string(${items}, chr(31)) ~ ${BAR_OR_BACKSLASH}
  then (select string_agg(regexp_replace(i, ${ESCAPED}), '|' order by o)
          from unnest(${items}) with ordinality as u(i, o))
  else array_to_string(${items}, '|') end`;

/**
 * A stored part's list cells, built once per part in a subquery the planner keeps apart (`offset
 * 0`): `asRead` names its cell four times, and a subquery pulled up into it ran four times.
 */
const LISTS = sql`
  ${list(sql`p.oem_numbers`)} as oem_numbers,
  ${list(sql`p.superseded_numbers`)} as superseded_numbers,
  -- pairsCell with ':': a quantity and a price hold nothing to escape.
  case when cardinality(p.tier_quantities) = 0 then '' else
    (select string_agg(q::text || ':' || ${money(sql`coalesce(p.tier_cents[o], 0)`)}, '|' order by o)
       from unnest(p.tier_quantities) with ordinality as u(q, o)) end as volume_prices,
  -- pairsCell with '=': a name's '=', bars and backslashes escaped; a value's bars and backslashes.
  case when jsonb_array_length(p.specs) = 0 then '' else
    (select string_agg(regexp_replace(e->>'name', ${ESCAPED_NAME}) || '=' ||
                       regexp_replace(e->>'value', ${ESCAPED}), '|' order by o)
       from jsonb_array_elements(p.specs) with ordinality as u(e, o)) end as specifications`;

/** The export's cells of a stored part `c` (its columns and `LISTS`), as the importer reads them. */
const CELLS: Record<PartColumnKey, SQL> = {
  sku: asRead(sql`c.sku`),
  name: asRead(sql`c.name`),
  description: asRead(sql`c.description`),
  category: asRead(sql`c.category`),
  price: money(sql`c.price_cents`),
  minOrderQuantity: sql`c.min_order_quantity::text`,
  packSize: sql`c.pack_size::text`,
  maxOrderQuantity: sql`coalesce(c.max_order_quantity::text, '')`,
  stock: sql`c.available_quantity::text`,
  featured: sql`case when c.featured then 'yes' else 'no' end`,
  archived: sql`case when c.archived_at is null then 'no' else 'yes' end`,
  imageUrl: asRead(sql`c.image_url`),
  oemNumbers: asRead(sql`c.oem_numbers`),
  supersededNumbers: asRead(sql`c.superseded_numbers`),
  volumePrices: sql`c.volume_prices`,
  specifications: asRead(sql`c.specifications`),
  coreCharge: sql`case when c.core_charge_cents > 0 then ${money(sql`c.core_charge_cents`)} else '' end`,
};

/** Part numbers JavaScript and PostgreSQL spell alike in upper case (the staging joins by `upper`). */
const PLAIN_KEY = /^[\x20-\x7e]+$/;

/** Parts hashed a page: about a third of a second of the embedded database's time. */
const PAGE = 10_000;

/** One page of stored parts after `after` (upper case, in the database's order), hashed. */
export async function storedPartDigests(
  db: DbOrTx,
  after: string | null = null,
  limit = PAGE,
): Promise<{ key: string; digest: string }[]> {
  const cells = sql.join(
    PART_COLUMNS.map((c) => CELLS[c.key]),
    sql`, `,
  );
  const rows = rowsOf(
    await db.execute(sql`
      select c.key, hashtextextended(concat_ws(chr(31), ${cells}), 0)::text as digest
        from (select upper(p.sku) as key, p.sku, p.name, p.description, p.category, p.price_cents,
                     p.min_order_quantity, p.pack_size, p.max_order_quantity, p.available_quantity,
                     p.featured, p.archived_at, p.image_url, p.core_charge_cents, ${LISTS}
                from ${partsRelation} p
               where ${after === null ? sql`true` : sql`upper(p.sku) > ${after}`}
               order by upper(p.sku) limit ${limit} offset 0) c
       order by c.key`),
  );
  return rows.map((r) => ({ key: String(r.key), digest: String(r.digest) }));
}

/**
 * The catalog's digests, read a page at a time in part-number order while the file is read (an
 * export lists its parts in that order, so the pages keep ahead of its rows). Read once the
 * preview's fingerprint is taken: a staff edit after it makes the apply refuse, one before it is
 * in both. A page that fails ends the reading: rows not judged are typed, as before.
 */
export class StoredParts {
  private readonly digests = new Map<string, string>();
  private signal!: { promise: Promise<void>; resolve: () => void };
  private stopped = false;
  done = false;
  /** Resolves once the last page is in (or the reading ended). */
  readonly finished: Promise<void>;

  constructor(
    db: DbOrTx,
    fingerprinted: Promise<unknown>,
    private readonly pageSize = PAGE,
  ) {
    this.renew();
    this.finished = this.read(db, fingerprinted);
  }

  get(key: string): string | undefined {
    return this.digests.get(key);
  }

  /** Resolves when the next page is in, at once when the last one is. */
  async arrival(): Promise<void> {
    if (!this.done) await this.signal.promise;
  }

  /** No more pages (the preview ended). */
  stop(): void {
    this.stopped = true;
  }

  private async read(db: DbOrTx, fingerprinted: Promise<unknown>): Promise<void> {
    try {
      await fingerprinted;
      let after: string | null = null;
      while (!this.stopped) {
        const page = await storedPartDigests(db, after, this.pageSize);
        for (const { key, digest } of page) if (PLAIN_KEY.test(key)) this.digests.set(key, digest);
        if (page.length < this.pageSize) break;
        after = page.at(-1)!.key;
        this.wake();
      }
    } catch {
      // Judged no further: the preview's own queries report a database that fails.
    } finally {
      this.done = true;
      this.wake();
    }
  }

  private renew() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.signal = { promise, resolve };
  }

  private wake() {
    const { resolve } = this.signal;
    this.renew();
    resolve();
  }
}

/** Whether a sheet's columns include every one the export writes: only then can a row be judged. */
export const hasEveryPartColumn = (keys: Iterable<string>): boolean => {
  const present = new Set(keys);
  return PART_COLUMNS.every((c) => present.has(c.key));
};

export class UnchangedParts {
  /** Row numbers staged as unchanged: a cross-row error on one needs its cells read again. */
  readonly rows = new Set<number>();

  constructor(readonly stored: StoredParts) {}

  /**
   * The row's staging as an unchanged part; null when it must be typed (its part number is
   * unknown, or a cell differs from the stored part's); 'later' when its part's page may still
   * come (`stored.arrival()`, then asked again with `wait` false). The waits end as pages
   * arrive, so together they last at most the catalog's reading.
   */
  take(
    rowNo: number,
    cells: ReadonlyMap<PartColumnKey, Cell>,
    wait = true,
  ): StagedPart | null | 'later' {
    const sku = cellText(cells.get('sku') ?? null) ?? '';
    const key = sku.toUpperCase();
    const stored = this.stored.get(key);
    if (stored === undefined) return wait && !this.stored.done ? 'later' : null;
    const texts = PART_COLUMNS.map((c) => cellText(cells.get(c.key) ?? null));
    if (stored !== cellsDigest(texts)) return null;
    this.rows.add(rowNo);
    const superseded = cellText(cells.get('supersededNumbers') ?? null);
    return {
      rowNo,
      sku,
      skuKey: key,
      name: null,
      description: null,
      category: null,
      priceCents: null,
      minOrderQuantity: null,
      packSize: null,
      maxOrderQuantity: null,
      clearMax: false,
      stock: null,
      featured: null,
      archived: null,
      imageUrl: null,
      oemNumbers: null,
      // As stored (its cell matched): another row of the file may not take one of them.
      supersededNumbers:
        superseded === null || isNone(superseded) ? null : supersededKeys(listItems(superseded)),
      tierQuantities: null,
      tierCents: null,
      specs: null,
      coreChargeCents: null,
      errors: [],
      newPartErrors: [],
      raw: null,
    };
  }
}
