import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.js';
import { preparedSql } from '../../../db/prepared.js';
import type { SearchDoc } from './search-index.js';

/**
 * A text[] literal of plain tokens (letters, digits, hyphens: what the callers pass), each
 * quoted so that a word such as `null` stays a word.
 */
const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/** Rows of a raw query, whichever driver ran it. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type DocRow = {
  id: string;
  name: string;
  description: string;
  min_order_quantity: number;
  available_quantity: number;
  price_cents: number;
  tier_quantities: number[] | null;
  tier_cents: number[] | null;
  image_url: string;
  sku: string;
  category: string;
  oem_numbers: string[];
  superseded_numbers: string[];
  fit_makes: string[];
  in_stock: boolean;
  created_us: string | number;
  vector: string | null;
};

type FitRow = { part_id: string; make: string; model: string; year_from: number; year_to: number };

/** The start-up load leaves out the description and image (the index keeps neither). */
const docColumns = (texts = true) => sql`p.id, p.name,
  ${texts ? sql`p.description` : sql`''`} as description, p.min_order_quantity, p.available_quantity,
  p.price_cents, p.tier_quantities, p.tier_cents, ${texts ? sql`p.image_url` : sql`''`} as image_url, p.sku, p.category, p.oem_numbers, p.superseded_numbers, p.fit_makes, p.in_stock,
  (extract(epoch from p.created_at) * 1000000)::bigint::text as created_us,
  coalesce(p.search_vector::text, '') as vector`;

async function withFitment(db: DbOrTx, rows: DocRow[]): Promise<SearchDoc[]> {
  if (rows.length === 0) return [];
  const fits = rowsOf<FitRow>(
    await db.execute(sql`
      select part_id, make, model, year_from, year_to from part_fitments
       where part_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])`),
  );
  const byPart = new Map<string, SearchDoc['fitment']>();
  for (const f of fits) {
    const list = byPart.get(f.part_id) ?? [];
    list.push({ make: f.make, model: f.model, yearFrom: f.year_from, yearTo: f.year_to });
    byPart.set(f.part_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    minOrderQuantity: r.min_order_quantity,
    availableQuantity: r.available_quantity,
    priceCents: r.price_cents,
    tierQuantities: r.tier_quantities ?? [],
    tierCents: r.tier_cents ?? [],
    imageUrl: r.image_url,
    sku: r.sku,
    category: r.category,
    oemNumbers: r.oem_numbers,
    supersededNumbers: r.superseded_numbers ?? [],
    fitMakes: r.fit_makes,
    inStock: r.in_stock,
    createdUs: Number(r.created_us),
    vector: r.vector ?? '',
    fitment: byPart.get(r.id) ?? [],
  }));
}

/** Live parts in id order after `after`, `limit` at a time (the start-up load). */
export async function readLiveDocs(
  db: DbOrTx,
  after: string | null,
  limit: number,
): Promise<SearchDoc[]> {
  const rows = rowsOf<DocRow>(
    await db.execute(sql`
      select ${docColumns(false)} from parts p
       where p.archived_at is null ${after ? sql`and p.id > ${after}` : sql``}
       order by p.id limit ${limit}`),
  );
  return withFitment(db, rows);
}

/** These parts as they are now; an archived or missing part is absent from the answer. */
export async function readDocs(db: DbOrTx, ids: string[]): Promise<SearchDoc[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<DocRow>(
    await db.execute(sql`
      select ${docColumns()} from parts p
       where p.id = any(${`{${ids.join(',')}}`}::uuid[]) and p.archived_at is null`),
  );
  return withFitment(db, rows);
}

/** What a catalog card shows that the index does not keep. */
export type CardFields = { description: string; imageUrl: string; availableQuantity: number };

type CardRow = { id: string; description: string; image_url: string; available_quantity: number };

const cardsById = (rows: CardRow[], into = new Map<string, CardFields>()) => {
  for (const r of rows)
    into.set(r.id, {
      description: r.description,
      imageUrl: r.image_url,
      availableQuantity: r.available_quantity,
    });
  return into;
};

/**
 * What a catalog card shows that the index does not keep: description, image and the stock
 * level (stock movements that leave a part in stock are not in the change log), by id.
 */
export async function readCardFields(db: DbOrTx, ids: string[]): Promise<Map<string, CardFields>> {
  if (ids.length === 0) return new Map();
  return cardsById((await cardFields(db, { ids })) as CardRow[]);
}

/** Every live part's card fields, read a page at a time. */
export async function readAllCardFields(db: DbOrTx): Promise<Map<string, CardFields>> {
  const cards = new Map<string, CardFields>();
  let after: string | null = null;
  for (;;) {
    const rows: CardRow[] = rowsOf<CardRow>(
      await db.execute(sql`
        select id, description, image_url, available_quantity from parts
         where archived_at is null ${after ? sql`and id > ${after}::uuid` : sql``}
         order by id limit ${CARD_PAGE}`),
    );
    cardsById(rows, cards);
    if (rows.length < CARD_PAGE) return cards;
    after = rows[rows.length - 1]!.id;
  }
}
const CARD_PAGE = 10_000;

/**
 * Prepared once by name: every catalog answer runs it, and on the embedded database parsing and
 * planning it each time cost about as much as the index's own answer.
 */
const cardFields = preparedSql(
  'search_card_fields',
  () => sql`
    select id, description, image_url, available_quantity from parts
     where id = any(${sql.placeholder('ids')}::uuid[])`,
);

/** The change log's last number (0 when empty). */
export async function lastChange(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ seq: string | number | null }>(
    await db.execute(sql`select max(seq) as seq from search_changes`),
  );
  return Number(row?.seq ?? 0);
}

/** Numbers in (from, to] that the log does not hold (yet): transactions still open, or rolled back. */
export async function missingChanges(db: DbOrTx, from: number, to: number): Promise<number[]> {
  if (to <= from) return [];
  const rows = rowsOf<{ seq: string | number }>(
    await db.execute(sql`
      select g as seq from generate_series(${from + 1}::bigint, ${to}::bigint) g
       where not exists (select 1 from search_changes c where c.seq = g)`),
  );
  return rows.map((r) => Number(r.seq));
}

/** Changes after `after`, and any of `gaps` that have appeared since, in order. */
export async function readChanges(
  db: DbOrTx,
  after: number,
  gaps: number[],
  limit: number,
): Promise<{ seq: number; partId: string }[]> {
  const rows = rowsOf<{ seq: string | number; part_id: string }>(
    await db.execute(sql`
      select seq, part_id from search_changes
       where seq > ${after} ${gaps.length ? sql`or seq = any(${`{${gaps.join(',')}}`}::bigint[])` : sql``}
       order by seq limit ${limit}`),
  );
  return rows.map((r) => ({ seq: Number(r.seq), partId: r.part_id }));
}

/** Forgets changes every instance has long read. */
export async function pruneChanges(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db.execute(
    sql`delete from search_changes where at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}

/**
 * Words of the spelling list (`search_words`) with their `to_tsquery('english', …)`; only those
 * in `words` when given.
 */
export async function readSearchWords(
  db: DbOrTx,
  words?: string[],
): Promise<{ word: string; query: string }[]> {
  if (words && words.length === 0) return [];
  return rowsOf<{ word: string; query: string }>(
    await db.execute(sql`
      select word, to_tsquery('english', word)::text as query from search_words
       ${words ? sql`where word = any(${textArray(words)}::text[])` : sql``}`),
  );
}

/** `to_tsquery('english', word)` (letters only) or `plainto_tsquery('simple', code)` as text. */
export async function queryTexts(
  db: DbOrTx,
  kind: 'english' | 'simple',
  inputs: string[],
): Promise<Map<string, string>> {
  if (inputs.length === 0) return new Map();
  const fn =
    kind === 'english'
      ? sql`to_tsquery('english', x)::text`
      : sql`plainto_tsquery('simple', x)::text`;
  const rows = rowsOf<{ x: string; q: string }>(
    await db.execute(sql`select x, ${fn} as q from unnest(${textArray(inputs)}::text[]) as x`),
  );
  return new Map(rows.map((r) => [r.x, r.q]));
}

/** Whether the database sorts text by code point (C collations), as the index does. */
export async function sortsByCodePoint(db: DbOrTx): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      select (select datcollate from pg_database where datname = current_database())
             in ('C', 'POSIX', 'C.UTF-8', 'C.utf8', 'ucs_basic') as ok`),
  );
  return Boolean(row?.ok);
}
