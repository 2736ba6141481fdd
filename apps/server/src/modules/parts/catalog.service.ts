import { sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  categoryLabel,
  fromCents,
  isUuid,
  normalisePartNumber,
  PRICE_BANDS,
  SUGGESTION_COUNT,
  toCents,
  type CatalogCard,
  type CatalogFacets,
  type CatalogFilters,
  type CatalogPart,
  type Category,
  type Fitment,
  type FitmentInput,
  type PartResponse,
  type Suggestion,
  type VehicleListResponse,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { partFitments, partColumns, parts, vehicleModels, type PartRow } from './parts.tables.js';
import { toPartResponse } from './parts.service.js';
import { unitPriceSql } from './stock.service.js';

/** Rows of a raw query, whichever driver ran it. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const asCategory = (value: string): Category =>
  (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : 'uncategorised';

// ---------------------------------------------------------------------------------------------
// One part

/** A live part by id or by part number (case-insensitive); archived parts are not found. */
export async function findLivePart(db: DbOrTx, idOrSku: string): Promise<PartRow | undefined> {
  if (!isUuid(idOrSku) && (idOrSku.length > 40 || idOrSku.length === 0)) return undefined;
  const number = idOrSku.toUpperCase();
  // An older number of ours finds the part that replaces it (our current number first).
  const where = isUuid(idOrSku)
    ? sql`${parts.id} = ${idOrSku}`
    : sql`(upper(${parts.sku}) = ${number} or ${parts.supersededNumbers} @> array[${number}]::text[])`;
  const [row] = await db
    .select(partColumns)
    .from(parts)
    .where(sql`${where} and ${parts.archivedAt} is null`)
    .orderBy(sql`upper(${parts.sku}) = ${number} desc`, parts.sku)
    .limit(1);
  return row;
}

export async function findFitments(db: DbOrTx, partId: string): Promise<Fitment[]> {
  const rows = await db
    .select()
    .from(partFitments)
    .where(sql`${partFitments.partId} = ${partId}`)
    .orderBy(partFitments.make, partFitments.model, partFitments.yearFrom);
  return rows.map((r) => ({
    make: r.make,
    model: r.model,
    yearFrom: r.yearFrom,
    yearTo: r.yearTo,
    position: r.position,
    note: r.note,
  }));
}

export const toCatalogPart = (row: PartRow, fitment: Fitment[]): CatalogPart => ({
  ...toPartResponse(row),
  sku: row.sku,
  category: asCategory(row.category),
  oemNumbers: row.oemNumbers,
  supersededNumbers: row.supersededNumbers,
  specs: row.specs,
  fitment,
  featured: row.featured,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The makes a fitment covers, each once (`parts.fit_makes`). */
const makesOf = (fitment: readonly FitmentInput[]): string[] =>
  [...new Set(fitment.map((f) => f.make))].sort();

/** Replaces a part's fitment and keeps the vehicle list covering every make, model and year. */
export async function replaceFitment(
  tx: DbOrTx,
  partId: string,
  fitment: readonly FitmentInput[],
): Promise<void> {
  await tx.delete(partFitments).where(sql`${partFitments.partId} = ${partId}`);
  await tx
    .update(parts)
    .set({ fitMakes: makesOf(fitment) })
    .where(sql`${parts.id} = ${partId}`);
  if (fitment.length === 0) return;
  await tx.insert(partFitments).values(fitment.map((f) => ({ partId, ...withWords(f) })));
  await upsertVehicleModels(tx, fitment);
}

export async function upsertVehicleModels(tx: DbOrTx, fitment: readonly FitmentInput[]) {
  const byModel = new Map<string, FitmentInput>();
  for (const f of fitment) {
    const key = `${f.make}\u0001${f.model}`;
    const seen = byModel.get(key);
    byModel.set(
      key,
      seen
        ? {
            ...f,
            yearFrom: Math.min(seen.yearFrom, f.yearFrom),
            yearTo: Math.max(seen.yearTo, f.yearTo),
          }
        : f,
    );
  }
  if (byModel.size === 0) return;
  await tx
    .insert(vehicleModels)
    .values([...byModel.values()])
    .onConflictDoUpdate({
      target: [vehicleModels.make, vehicleModels.model],
      set: {
        yearFrom: sql`least(${vehicleModels.yearFrom}, excluded.year_from)`,
        yearTo: sql`greatest(${vehicleModels.yearTo}, excluded.year_to)`,
      },
    });
}

export type NewCatalogPart = typeof parts.$inferInsert & { fitment: FitmentInput[] };

/** A vehicle as stored: no position or note is an empty one. */
const withWords = (f: FitmentInput) => ({
  make: f.make,
  model: f.model,
  yearFrom: f.yearFrom,
  yearTo: f.yearTo,
  position: f.position ?? '',
  note: f.note ?? '',
});

/** Inserts parts as they are with their fitment (the demo seed, `seed:catalog`), in one batch. */
export async function insertCatalogParts(tx: DbOrTx, rows: NewCatalogPart[]): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await tx
    .insert(parts)
    .values(rows.map(({ fitment, ...row }) => ({ ...row, fitMakes: makesOf(fitment) })))
    .returning({ id: parts.id });
  const fitment = rows.flatMap((row, i) =>
    row.fitment.map((f) => ({ partId: inserted[i]!.id, ...withWords(f) })),
  );
  if (fitment.length > 0) await tx.insert(partFitments).values(fitment);
  await upsertVehicleModels(tx, fitment);
}

// ---------------------------------------------------------------------------------------------
// The spec's list, bounded

/** The spec's `GET /api/parts`: featured first, then the newest, a page at a time. */
export async function listLivePartsPage(
  db: DbOrTx,
  page: number,
  limit: number,
): Promise<{ items: PartResponse[]; total: number }> {
  const rows = await db
    .select(partColumns)
    .from(parts)
    .where(sql`${parts.archivedAt} is null`)
    .orderBy(sql`${parts.featured} desc, ${parts.createdAt} desc, ${parts.id}`)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map(toPartResponse), total: await countLiveParts(db) };
}

// ---------------------------------------------------------------------------------------------
// Search

/** What a search box's text means to the database. */
export type ParsedSearch = {
  /** Letter words, lower-case, after spelling correction. */
  words: string[];
  /** Tokens holding digits: part numbers (or pieces of them), upper-case. */
  codes: string[];
  /** The whole text as a part number, for the exact match. */
  asPartNumber: string;
  raw: string;
};

const WORD = /^\p{L}+$/u;

/** The text's letter words (lower-case) and part-number-like tokens (upper-case), as typed. */
export function tokenizeSearch(raw: string): { words: string[]; codes: string[] } {
  const tokens = raw
    .trim()
    .split(/[\s,;/()]+/u)
    .filter(Boolean)
    .slice(0, 8);
  const words: string[] = [];
  const codes: string[] = [];
  for (const token of tokens) {
    const lower = token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!lower) continue;
    if (/\p{N}/u.test(lower)) {
      const code = lower.toUpperCase().replace(/[^A-Z0-9-]/g, '');
      if (code.length >= 2) codes.push(code);
    } else {
      for (const w of lower.split(/[^\p{L}]+/u)) if (WORD.test(w)) words.push(w);
    }
  }
  return { words, codes };
}

/**
 * Splits the text into words and part-number-like tokens, and corrects each word that no part
 * uses to the nearest one that some part does (pg_trgm similarity over `search_words`).
 */
export async function parseSearch(db: DbOrTx, raw: string): Promise<ParsedSearch> {
  const { words, codes } = tokenizeSearch(raw);
  const toCorrect = words.filter((w) => w.length >= 3);
  const corrected = new Map<string, string>();
  if (toCorrect.length > 0) {
    const rows = rowsOf<{ input: string; known: boolean; nearest: string | null }>(
      await db.execute(sql`
        select w.input,
               exists (select 1 from search_words s where s.word = w.input) as known,
               (select s.word from search_words s
                 where s.word % w.input
                 order by similarity(s.word, w.input) desc, s.word
                 limit 1) as nearest
          from unnest(string_to_array(${toCorrect.join(' ')}, ' ')) as w(input)`),
    );
    for (const r of rows) if (!r.known && r.nearest) corrected.set(r.input, r.nearest);
  }
  return {
    words: words.map((w) => corrected.get(w) ?? w),
    codes,
    asPartNumber: raw.trim(),
    raw,
  };
}

/** `brake & pad` (each word already letters only, so nothing in it is tsquery syntax). */
const tsQueryText = (words: string[], prefixLast: boolean): string =>
  words.map((w, i) => (prefixLast && i === words.length - 1 ? `${w}:*` : w)).join(' & ');

/**
 * The part whose number, an older number of ours it replaces, or else OEM number is exactly the
 * text, if any (in that order).
 */
export async function exactPartNumber(
  db: DbOrTx,
  text: string,
): Promise<{ id: string; sku: string } | null> {
  const value = text.trim();
  if (value.length < 2 || value.length > 40) return null;
  const oem = normalisePartNumber(value);
  const rows = rowsOf<{ id: string; sku: string }>(
    await db.execute(sql`
      select id, sku from ${parts}
       where archived_at is null
         and (upper(sku) = ${value.toUpperCase()}
              or superseded_numbers @> array[${value.toUpperCase()}]::text[]
              or oem_numbers @> array[${oem}]::text[])
       order by (upper(sku) = ${value.toUpperCase()}) desc,
                (superseded_numbers @> array[${value.toUpperCase()}]::text[]) desc, sku
       limit 1`),
  );
  return rows[0] ?? null;
}

/**
 * A token with digits: a piece of a part number, an OEM number, or a figure in the text
 * ("300 mm").
 */
const codeMatch = (code: string): SQL =>
  sql`(upper(p.sku) like ${`%${escapeLike(code)}%`}
       or p.oem_numbers @> array[${normalisePartNumber(code)}]::text[]
       or p.search_vector @@ plainto_tsquery('simple', ${code.toLowerCase()}))`;

type Dimension = 'category' | 'vehicle' | 'price' | 'stock';

/** The conditions of a filter set, leaving out `skip` (a facet counts without its own filter). */
function conditions(
  f: CatalogFilters,
  search: ParsedSearch | null,
  skip?: Dimension,
  price: SQL = sql`p.price_cents`,
): SQL {
  const parts_: SQL[] = [sql`p.archived_at is null`];
  if (search) {
    if (search.words.length > 0)
      parts_.push(
        sql`p.search_vector @@ to_tsquery('english', ${tsQueryText(search.words, false)})`,
      );
    for (const code of search.codes) {
      parts_.push(codeMatch(code));
    }
    if (search.words.length === 0 && search.codes.length === 0) parts_.push(sql`false`);
  }
  if (skip !== 'category' && f.category) parts_.push(sql`p.category = ${f.category}`);
  if (skip !== 'vehicle' && f.make) parts_.push(fitsSql(f.make, f.model, f.year));
  if (skip !== 'price') {
    if (f.minPrice !== undefined) parts_.push(sql`${price} >= ${toCents(f.minPrice)}`);
    if (f.maxPrice !== undefined) parts_.push(sql`${price} <= ${toCents(f.maxPrice)}`);
  }
  if (skip !== 'stock' && f.inStock) parts_.push(sql`p.in_stock`);
  return sql.join(parts_, sql` and `);
}

/** The part fits this make (and model, and year, when given). */
function fitsSql(make: string, model: string | undefined, year: number | undefined): SQL {
  const c: SQL[] = [sql`f.part_id = p.id`, sql`f.make = ${make}`];
  if (model) c.push(sql`f.model = ${model}`);
  if (year !== undefined) c.push(sql`f.year_from <= ${year} and f.year_to >= ${year}`);
  return sql`exists (select 1 from part_fitments f where ${sql.join(c, sql` and `)})`;
}

const priceLabel = (min: number, max: number | null) =>
  max === null ? `$${min} and above` : min === 0 ? `Under $${max}` : `$${min} to $${max}`;

/**
 * Counts per value of each filter, each counted with the other filters applied. With a company
 * buyer's price (an expression of `p`, decision 061), the price filter and bands use it.
 */
export async function catalogFacets(
  db: DbOrTx,
  f: CatalogFilters,
  search: ParsedSearch | null,
  buyerPrice?: SQL,
): Promise<{ facets: CatalogFacets; total: number }> {
  const price = buyerPrice ?? sql`p.price_cents`;
  const categoryRows = rowsOf<{ category: string; n: string | number }>(
    await db.execute(sql`
      select p.category, count(*) as n from parts p
       where ${conditions(f, search, 'category', price)} group by p.category`),
  );
  const makeRows = rowsOf<{ make: string; n: string | number }>(
    await db.execute(sql`
      select m.make, count(*) as n
        from parts p cross join unnest(p.fit_makes) as m(make)
       where ${conditions(f, search, 'vehicle', price)} group by m.make order by m.make`),
  );
  const modelRows = f.make
    ? rowsOf<{ model: string; n: string | number }>(
        await db.execute(sql`
          select f.model, count(distinct f.part_id) as n
            from part_fitments f join parts p on p.id = f.part_id
           where ${conditions(f, search, 'vehicle', price)} and f.make = ${f.make}
             ${f.year !== undefined ? sql`and f.year_from <= ${f.year} and f.year_to >= ${f.year}` : sql``}
           group by f.model order by f.model`),
      )
    : [];
  const bands = PRICE_BANDS.map(
    (b, i) =>
      sql`count(*) filter (where p.price_cents >= ${b.min * 100}${
        b.max === null ? sql`` : sql` and p.price_cents < ${b.max * 100}`
      }) as ${sql.raw(`b${i}`)}`,
  );
  // A buyer's price is computed once per part, then banded.
  const [priceRow] = rowsOf<Record<string, string | number>>(
    await db.execute(
      buyerPrice
        ? sql`
      select ${sql.join(bands, sql`, `)}
        from (select ${buyerPrice} as price_cents from parts p
               where ${conditions(f, search, 'price', price)}) p`
        : sql`
      select ${sql.join(bands, sql`, `)} from parts p where ${conditions(f, search, 'price')}`,
    ),
  );
  const [stockRow] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from parts p
       where ${conditions(f, search, 'stock', price)} and p.in_stock`),
  );
  const byCategory = new Map(categoryRows.map((r) => [r.category, Number(r.n)]));
  const total = f.category
    ? (byCategory.get(f.category) ?? 0)
    : [...byCategory.values()].reduce((a, b) => a + b, 0);
  // The counts above leave out price and stock filters only for their own facets; the total
  // applies every filter, which the category count (grouped, category filter aside) does.
  return {
    total,
    facets: {
      categories: CATEGORIES.filter((c) => byCategory.has(c)).map((c) => ({
        value: c,
        label: categoryLabel(c),
        count: byCategory.get(c) ?? 0,
      })),
      makes: makeRows.map((r) => ({ value: r.make, label: r.make, count: Number(r.n) })),
      models: modelRows.map((r) => ({ value: r.model, label: r.model, count: Number(r.n) })),
      prices: PRICE_BANDS.map((b, i) => ({
        min: b.min,
        max: b.max,
        label: priceLabel(b.min, b.max),
        count: Number(priceRow?.[`b${i}`] ?? 0),
      })),
      inStock: Number(stockRow?.n ?? 0),
    },
  };
}

type CardRow = {
  id: string;
  name: string;
  description: string;
  min_order_quantity: number;
  available_quantity: number;
  price_cents: number;
  image_url: string;
  sku: string;
  category: string;
  fits: boolean | null;
  buyer_cents?: number | string;
  public_cents?: number | string;
};

/**
 * One page of matching parts, sorted; `fits` marks each against the vehicle when one is given.
 * With a company buyer's `price` (decision 061), sorted and filtered by it, and each card shows
 * it, with the public price at the minimum beside it when that is higher (as the overlay does).
 */
export async function catalogItems(
  db: DbOrTx,
  f: CatalogFilters,
  search: ParsedSearch | null,
  buyerPrice?: SQL,
): Promise<CatalogCard[]> {
  const price = buyerPrice ?? sql`p.price_cents`;
  const sort = f.sort ?? (search && search.words.length > 0 ? 'relevance' : 'newest');
  const rank =
    search && search.words.length > 0
      ? sql`ts_rank(p.search_vector, to_tsquery('english', ${tsQueryText(search.words, false)}))`
      : null;
  const order =
    sort === 'price-asc'
      ? sql`${price} asc, p.id`
      : sort === 'price-desc'
        ? sql`${price} desc, p.id`
        : sort === 'relevance' && rank
          ? sql`${rank} desc, p.created_at desc, p.id`
          : sql`p.created_at desc, p.id`;
  // Marked against the visitor's vehicle when one is given (a make filter is not a vehicle).
  const mark = f.fitsMake
    ? fitsSql(f.fitsMake, f.fitsModel, f.fitsYear)
    : f.make && f.model && f.year !== undefined
      ? sql`true`
      : sql`null::boolean`;
  const rows = rowsOf<CardRow>(
    await db.execute(sql`
      select p.id, p.name, p.description, p.min_order_quantity, p.available_quantity,
             p.price_cents, p.image_url, p.sku, p.category, ${mark} as fits
             ${buyerPrice ? sql`, ${buyerPrice} as buyer_cents, ${unitPriceSql('p', sql`p.min_order_quantity`)} as public_cents` : sql``}
        from parts p
       where ${conditions(f, search, undefined, price)}
       order by ${order}
       limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    mOrderQuantity: r.min_order_quantity,
    availableQuantity: r.available_quantity,
    price: fromCents(r.price_cents),
    ...(r.buyer_cents === undefined
      ? {}
      : {
          price: fromCents(Number(r.buyer_cents)),
          ...(Number(r.buyer_cents) < Number(r.public_cents)
            ? { listPrice: fromCents(Number(r.public_cents)) }
            : {}),
        }),
    url: r.image_url,
    sku: r.sku,
    category: asCategory(r.category),
    fits: r.fits,
  }));
}

/** The vehicle a page's cards are marked against: the visitor's, or the filter's whole vehicle. */
function markedVehicle(
  f: CatalogFilters,
): { make: string; model: string | undefined; year: number | undefined } | null {
  if (f.fitsMake) return { make: f.fitsMake, model: f.fitsModel, year: f.fitsYear };
  if (f.make && f.model && f.year !== undefined)
    return { make: f.make, model: f.model, year: f.year };
  return null;
}

/** How many of a part's rows for one vehicle a card shows (its positions: front, rear…). */
const CARD_FITMENTS = 3;

/**
 * Each card that fits gets its rows for the vehicle, with their positions and notes: one query for
 * the page (part and vehicle indexed), whichever answered the page (the index or the database).
 */
export async function withVehicleFitment(
  db: DbOrTx,
  items: CatalogCard[],
  f: CatalogFilters,
): Promise<CatalogCard[]> {
  const vehicle = markedVehicle(f);
  if (!vehicle) return items;
  const ids = items.filter((c) => c.fits).map((c) => c._id);
  const byPart = new Map<string, Fitment[]>();
  if (ids.length > 0) {
    const c: SQL[] = [
      sql`f.part_id = any(${`{${ids.join(',')}}`}::uuid[])`,
      sql`f.make = ${vehicle.make}`,
    ];
    if (vehicle.model) c.push(sql`f.model = ${vehicle.model}`);
    if (vehicle.year !== undefined)
      c.push(sql`f.year_from <= ${vehicle.year} and f.year_to >= ${vehicle.year}`);
    const rows = rowsOf<{
      part_id: string;
      make: string;
      model: string;
      year_from: number;
      year_to: number;
      position: string;
      note: string;
    }>(
      await db.execute(sql`
        select part_id, make, model, year_from, year_to, position, note from (
          select f.*, row_number() over (
                   partition by f.part_id order by f.model, f.year_from, f.position, f.note) as n
            from part_fitments f where ${sql.join(c, sql` and `)}) ranked
         where n <= ${CARD_FITMENTS}
         order by part_id, n`),
    );
    for (const r of rows) {
      const list = byPart.get(r.part_id) ?? [];
      list.push({
        make: r.make,
        model: r.model,
        yearFrom: Number(r.year_from),
        yearTo: Number(r.year_to),
        position: r.position,
        note: r.note,
      });
      byPart.set(r.part_id, list);
    }
  }
  return items.map((card) => ({ ...card, vehicleFitment: byPart.get(card._id) ?? [] }));
}

/** Suggestions while typing: the last word counts as a prefix. */
export async function suggestParts(db: DbOrTx, raw: string): Promise<Suggestion[]> {
  const search = await parseSearch(db, raw);
  if (search.words.length === 0 && search.codes.length === 0) return [];
  const c: SQL[] = [sql`p.archived_at is null`];
  const prefix = search.words.length > 0 ? tsQueryText(search.words, true) : null;
  if (prefix) c.push(sql`p.search_vector @@ to_tsquery('english', ${prefix})`);
  for (const code of search.codes) c.push(codeMatch(code));
  const rows = rowsOf<{
    id: string;
    sku: string;
    name: string;
    category: string;
    price_cents: number;
  }>(
    await db.execute(sql`
      select p.id, p.sku, p.name, p.category, p.price_cents from parts p
       where ${sql.join(c, sql` and `)}
       order by ${prefix ? sql`ts_rank(p.search_vector, to_tsquery('english', ${prefix})) desc,` : sql``}
                p.created_at desc, p.id
       limit ${SUGGESTION_COUNT}`),
  );
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    name: r.name,
    category: asCategory(r.category),
    price: fromCents(r.price_cents),
  }));
}

/** Makes in alphabetical order, each with its models and years. */
export async function listVehicles(db: DbOrTx): Promise<VehicleListResponse> {
  const rows = await db
    .select()
    .from(vehicleModels)
    .orderBy(vehicleModels.make, vehicleModels.model);
  const makes = new Map<string, VehicleListResponse[number]>();
  for (const r of rows) {
    const make = makes.get(r.make) ?? { make: r.make, models: [] };
    make.models.push({ model: r.model, yearFrom: r.yearFrom, yearTo: r.yearTo });
    makes.set(r.make, make);
  }
  return [...makes.values()];
}

/** Live parts' ids and last changes for the sitemap, in id order, `limit` from `offset`. */
export async function listLivePartRefs(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: parts.id, updatedAt: parts.updatedAt })
    .from(parts)
    .where(sql`${parts.archivedAt} is null`)
    .orderBy(parts.id)
    .limit(limit)
    .offset(offset);
}

export async function countLiveParts(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from ${parts} where ${parts.archivedAt} is null`),
  );
  return Number(row?.n ?? 0);
}
