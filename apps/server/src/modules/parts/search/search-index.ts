import { TypedFastBitSet } from 'typedfastbitset';
import {
  CATEGORIES,
  categoryLabel,
  fromCents,
  PRICE_BANDS,
  stepsOfColumns,
  SUGGESTION_COUNT,
  toCents,
  unitCentsAt,
  type CatalogCard,
  type CatalogFacets,
  type CatalogFilters,
  type Category,
  type Suggestion,
  type UnitCentsOf,
} from '@storefront/contract';
import {
  compareLexemes,
  parseTsvector,
  sortedOperands,
  tsRank,
  tsRankOne,
  tsRankTwo,
  DocEntries,
  type QueryTerm,
} from './pg-text.js';
import { Postings } from './postings.js';
import { IntList, SlotLists } from './slot-lists.js';
import { SlotsByKey, SlotTable } from './slot-table.js';

/** A live part as the index keeps it (what `search-feed.ts` reads from the database). */
export type SearchDoc = {
  id: string;
  name: string;
  description: string;
  minOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
  /** The volume ladder's columns (contract `stepsOfColumns`); absent: no ladder. */
  tierQuantities?: readonly number[] | null;
  tierCents?: readonly number[] | null;
  imageUrl: string;
  sku: string;
  category: string;
  oemNumbers: string[];
  /** Older numbers of ours the part replaces, upper-case. */
  supersededNumbers: string[];
  fitMakes: string[];
  inStock: boolean;
  /** Microseconds since 1970, as PostgreSQL keeps `created_at`. */
  createdUs: number;
  /** `search_vector::text`. */
  vector: string;
  fitment: { make: string; model: string; yearFrom: number; yearTo: number }[];
};

/** A search text as the index runs it: the words' query and each part-number-like token. */
export type PreparedText = {
  /** Whether the text had words (then relevance is the default sort, as in SQL). */
  hasWords: boolean;
  /** The words' `to_tsquery('english', …)`, operands joined by `&` (empty: stop words only). */
  terms: QueryTerm[];
  codes: { needle: string; oem: string; terms: QueryTerm[] }[];
};

const asCategory = (value: string): Category =>
  (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : 'uncategorised';

const priceLabel = (min: number, max: number | null) =>
  max === null ? `$${min} and above` : min === 0 ? `Under $${max}` : `$${min} to $${max}`;

const bandOf = (cents: number): number => {
  for (let i = PRICE_BANDS.length - 1; i >= 0; i -= 1)
    if (cents >= PRICE_BANDS[i]!.min * 100) return i;
  return -1;
};

const f32 = Math.fround;

/**
 * A company buyer's prices over the index's slots (decision 061, "Search by the buyer's price"):
 * made by `buyerPrices` for one company's lists and one version of the index, kept by the caller
 * (per company), never by the index, which holds public prices only.
 */
export type BuyerSlotPrices = {
  /** The index and its version these prices are of: any change of a part makes new ones. */
  readonly of: SearchIndex;
  readonly version: number;
  /** Per slot, the buyer's unit cents at the part's minimum (-1: not a live slot). */
  readonly cents: Int32Array;
  /** Per price band, the live slots in it by the buyer's price. */
  readonly bands: TypedFastBitSet[];
  /** Live slots by the buyer's price, then id: made on the first sorted walk that needs it. */
  ascending: Int32Array | null;
};

/** A dictionary of strings to small codes, each value with the slots that have it. */
class Values {
  readonly names: string[] = [];
  readonly codes = new Map<string, number>();
  readonly bits: TypedFastBitSet[] = [];
  code(name: string): number {
    let c = this.codes.get(name);
    if (c === undefined) {
      c = this.names.length;
      this.names.push(name);
      this.codes.set(name, c);
      this.bits.push(new TypedFastBitSet());
    }
    return c;
  }
  bitsOf(name: string): TypedFastBitSet | undefined {
    const c = this.codes.get(name);
    return c === undefined ? undefined : this.bits[c];
  }
}

const EMPTY = new TypedFastBitSet();
const NONE: readonly number[] = [];
const NO_NUMBERS: string[] = [];
const NO_SLOTS = new IntList();

/** A 32-bit FNV-1a style hash with a chosen seed (two seeds: a 64-bit fingerprint). */
function hashOf(text: string, seed: number): number {
  let h = seed | 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) ^ (h >>> 15);
  }
  return h | 0;
}

/**
 * The catalog in memory: one slot per live part (a part whose text changes gets a new slot, its
 * old one is dead), per-value bitsets for every filter, per-slot columns for sorting and cards,
 * and the stored search documents' lexemes with positions in flat typed arrays (`Postings`) for
 * exact, prefix and ranked text matching. It answers what the SQL in
 * `catalog.service.ts` answers, from memory.
 */
export class SearchIndex {
  /**
   * @param orderedAbove From how many matches a fixed-order page walks the kept sort order
   *   instead of picking from the matches (tests set 0 to check the kept orders).
   */
  constructor(private readonly orderedAbove = 4096) {}

  private cap = 0;
  private n = 0;
  private ids: string[] = [];
  /** Two hashes of each slot's stored search document and part number (text unchanged?). */
  private textHash = new Int32Array(0);
  private textHash2 = new Int32Array(0);
  private names: string[] = [];
  private skus: string[] = [];
  /** Per slot, its OEM numbers joined by NUL (a string each, not an array of them). */
  private oems: string[] = [];
  private superseded: string[][] = [];
  private readonly fitMakeCodes = new SlotLists();
  /** Per slot: (model code, year from, year to) triples. */
  private readonly fitments = new SlotLists();
  private category = new Int32Array(0);
  private price = new Int32Array(0);
  private moq = new Int32Array(0);
  /** The public unit price at the part's minimum order quantity (its ladder's step there). */
  private atMin = new Int32Array(0);
  private created = new Float64Array(0);

  private readonly live = new TypedFastBitSet();
  private readonly inStock = new TypedFastBitSet();
  private readonly bands = PRICE_BANDS.map(() => new TypedFastBitSet());
  private readonly categories = new Values();
  /** Makes as `fit_makes` lists them (the make counts). */
  private readonly fitMakes = new Values();
  /** Makes and models as the fitment rows give them (the vehicle filter and model counts). */
  private readonly makes = new Values();
  private readonly models = new Values();
  private readonly modelMake: number[] = [];
  private readonly modelName: string[] = [];
  /** Per model, its fitment rows as columns (the year filter and counts scan these). */
  private readonly modelRows: FitRows[] = [];
  /** Per make (of the fitment rows), its models. */
  private readonly makeModels: number[][] = [];
  /** Per slot, the last count that saw it (a part counts once per model). */
  private seen = new Int32Array(0);
  private seenToken = 0;

  private readonly slotOf = new SlotTable((s) => this.ids[s]!);
  private readonly bySku = new SlotTable((s) => this.skus[s]!.toUpperCase());
  /** OEM number to the slot (or, rarely, slots) listing it. */
  private readonly byOem = new SlotsByKey(
    (s) => (this.oems[s] ? this.oems[s].split('\u0000') : []),
    (s, key) => hasNumber(this.oems[s]!, key),
  );
  private readonly bySuperseded = new Map<string, number | number[]>();
  private readonly postings = new Postings();
  /** Scratch for scoring one document at a time, and the scores of a query's matches. */
  private readonly doc = new DocEntries();
  private scores = new Float64Array(0);
  /**
   * Bitsets a query works in, reused by the next one (`catalog` and `suggest` run start to end
   * without yielding, and nothing they return holds one): no garbage of the catalog's size per
   * request.
   */
  private readonly pool: TypedFastBitSet[] = [];
  private pooled = 0;
  private skuText: { text: string; starts: Int32Array; slots: Int32Array } | null = null;
  /**
   * Slots by each three-character piece of their upper-case part number, for `%code%`; added
   * as parts are (a retired slot stays listed until the next rebuild: readers check `live`).
   */
  private readonly skuGrams = new Map<string, IntList>();
  /** Slots by `created_at desc, id` and by `price, id`, built by `freeze`, then kept. */
  private sorted: { newest: SortedSlots | null; price: SortedSlots | null } = {
    newest: null,
    price: null,
  };

  /** Slots that no longer hold a live part. */
  get deadSlots(): number {
    return this.n - this.live.size();
  }
  get size(): number {
    return this.live.size();
  }

  private grow() {
    const cap = Math.max(1024, this.cap * 2);
    const copy = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.category = copy(this.category, (n) => new Int32Array(n));
    this.price = copy(this.price, (n) => new Int32Array(n));
    this.moq = copy(this.moq, (n) => new Int32Array(n));
    this.atMin = copy(this.atMin, (n) => new Int32Array(n));
    this.textHash = copy(this.textHash, (n) => new Int32Array(n));
    this.textHash2 = copy(this.textHash2, (n) => new Int32Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.seen = copy(this.seen, (n) => new Int32Array(n));
    this.cap = cap;
  }

  /** A bitset of the pool, empty or holding a copy of `from`. */
  private scratch(from?: TypedFastBitSet): TypedFastBitSet {
    let bits = this.pool[this.pooled];
    if (!bits) {
      bits = new TypedFastBitSet();
      this.pool.push(bits);
    }
    this.pooled += 1;
    const used = from ? from.words.length : 0;
    if (bits.words.length < used)
      bits.words = new Uint32Array(Math.max(used, (this.cap + 31) >>> 5));
    if (from) bits.words.set(from.words);
    bits.words.fill(0, used);
    return bits;
  }

  private changes = 0;
  /** Changes with every part added, updated or removed (a buyer's prices are of one version). */
  get version(): number {
    return this.changes;
  }

  /** Adds, updates or (null) removes a part. */
  put(id: string, doc: SearchDoc | null): void {
    this.changes += 1;
    const old = this.slotOf.get(id);
    const text = doc ? `${doc.sku}\u0000${doc.vector}` : '';
    if (
      old !== undefined &&
      doc &&
      this.textHash[old] === hashOf(text, 0x811c9dc5) &&
      this.textHash2[old] === hashOf(text, 0x01000193)
    ) {
      this.updateInPlace(old, doc);
      return;
    }
    if (old !== undefined) this.retire(old);
    if (doc) this.append(doc);
  }

  private retire(slot: number) {
    this.live.remove(slot);
    this.inStock.remove(slot);
    const id = this.ids[slot]!;
    this.slotOf.delete(id, slot);
    this.bySku.delete(this.skus[slot]!.toUpperCase(), slot);
    this.byOem.remove(slot);
    for (const o of this.superseded[slot]!) removeSlot(this.bySuperseded, o, slot);
    this.clearFacets(slot);
    this.fitMakeCodes.set(slot, NONE);
    this.fitments.set(slot, NONE);
    this.skuText = null;
    // The slot's strings are dropped; postings keep its id until the next rebuild.
    this.names[slot] = '';
    // Dead slots stay in the sort orders (matches never hold them) until the next rebuild.
  }

  private oemSlots(oem: string): number[] {
    return this.byOem.get(oem);
  }

  private clearFacets(slot: number) {
    this.categories.bits[this.category[slot]!]?.remove(slot);
    for (const b of this.bands) b.remove(slot);
    const makes = this.fitMakeCodes.data;
    for (
      let i = this.fitMakeCodes.from(slot), end = i + this.fitMakeCodes.length(slot);
      i < end;
      i += 1
    )
      this.fitMakes.bits[makes[i]!]!.remove(slot);
    const fit = this.fitments.data;
    for (let i = this.fitments.from(slot), end = i + this.fitments.length(slot); i < end; i += 3) {
      const model = fit[i]!;
      this.models.bits[model]!.remove(slot);
      this.makes.bits[this.modelMake[model]!]!.remove(slot);
      this.modelRows[model]!.remove(slot);
    }
  }

  private setFacets(slot: number, doc: SearchDoc) {
    const cat = this.categories.code(doc.category);
    this.category[slot] = cat;
    this.categories.bits[cat]!.add(slot);
    if (this.price[slot] !== doc.priceCents) {
      this.sorted.price?.remove(slot);
      this.price[slot] = doc.priceCents;
      this.sorted.price?.insert(slot, this.cheaper);
    }
    const band = bandOf(doc.priceCents);
    if (band >= 0) this.bands[band]!.add(slot);
    this.moq[slot] = doc.minOrderQuantity;
    this.atMin[slot] = unitCentsAt(
      doc.priceCents,
      stepsOfColumns(doc.tierQuantities ?? null, doc.tierCents ?? null),
      doc.minOrderQuantity,
    );
    if (doc.inStock) this.inStock.add(slot);
    else this.inStock.remove(slot);
    this.fitMakeCodes.set(
      slot,
      doc.fitMakes.map((m) => {
        const c = this.fitMakes.code(m);
        this.fitMakes.bits[c]!.add(slot);
        return c;
      }),
    );
    const fit = new Int32Array(doc.fitment.length * 3);
    doc.fitment.forEach((f, i) => {
      const make = this.makes.code(f.make);
      const key = `${f.make}\u0001${f.model}`;
      const known = this.models.codes.has(key);
      const model = this.models.code(key);
      if (!known) {
        this.modelMake[model] = make;
        this.modelName[model] = f.model;
        this.modelRows[model] = new FitRows();
        (this.makeModels[make] ??= []).push(model);
      }
      this.modelRows[model]!.add(slot, f.yearFrom, f.yearTo);
      this.models.bits[model]!.add(slot);
      this.makes.bits[make]!.add(slot);
      fit[i * 3] = model;
      fit[i * 3 + 1] = f.yearFrom;
      fit[i * 3 + 2] = f.yearTo;
    });
    this.fitments.set(slot, fit);
    this.names[slot] = doc.name;
  }

  private updateInPlace(slot: number, doc: SearchDoc) {
    this.clearFacets(slot);
    this.setFacets(slot, doc);
  }

  private append(doc: SearchDoc) {
    if (this.n >= this.cap) this.grow();
    const slot = this.n;
    this.n += 1;
    this.ids[slot] = doc.id;
    const text = `${doc.sku}\u0000${doc.vector}`;
    this.textHash[slot] = hashOf(text, 0x811c9dc5);
    this.textHash2[slot] = hashOf(text, 0x01000193);
    this.skus[slot] = doc.sku;
    this.oems[slot] = doc.oemNumbers.join('\u0000');
    // Most parts have no superseded numbers: one shared empty list, not one each.
    this.superseded[slot] = doc.supersededNumbers.length > 0 ? doc.supersededNumbers : NO_NUMBERS;
    for (const n of doc.supersededNumbers) addSlot(this.bySuperseded, n, slot);
    this.created[slot] = doc.createdUs;
    this.price[slot] = -1;
    this.setFacets(slot, doc);
    this.live.add(slot);
    this.slotOf.set(doc.id, slot);
    // Part numbers are unique among parts: the latest write of one is its owner.
    const upper = doc.sku.toUpperCase();
    this.bySku.set(upper, slot);
    for (let i = 0; i + 3 <= upper.length; i += 1) {
      const gram = upper.slice(i, i + 3);
      let list = this.skuGrams.get(gram);
      if (!list) this.skuGrams.set(gram, (list = new IntList()));
      if (list.last !== slot) list.push(slot);
    }
    this.byOem.add(slot);
    for (const lexeme of parseTsvector(doc.vector))
      this.postings.add(slot, lexeme.word, lexeme.pos);
    this.skuText = null;
    this.sorted.newest?.insert(slot, this.newer);
  }

  /** Parts written since the last `freeze` (their lexemes wait outside the compact lists). */
  get unfrozen(): number {
    return this.postings.recentEntries;
  }

  /** Compacts the lexemes and builds the sort orders (after the load; now and then after). */
  freeze(): void {
    this.postings.freeze();
    this.fitments.trim();
    this.fitMakeCodes.trim();
    const slots: number[] = [];
    this.live.forEach((s) => {
      slots.push(s);
    });
    this.sorted = {
      newest: new SortedSlots(Int32Array.from(slots).sort(this.newer)),
      price: new SortedSlots(Int32Array.from(slots).sort(this.cheaper)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Matching

  /** Slots whose document has every term (a prefix term: some lexeme starting with it). */
  private termsMatch(terms: QueryTerm[]): TypedFastBitSet {
    let result: TypedFastBitSet | null = null;
    for (const t of terms) {
      const bits = this.termBits(t);
      result = result ? result.intersection(bits) : bits;
      if (result.isEmpty()) break;
    }
    return result ?? this.scratch();
  }

  private termBits(t: QueryTerm): TypedFastBitSet {
    return this.postings.bits(this.postings.refs(t.word, t.prefix), this.scratch());
  }

  /** Upper-case part numbers in one string, to find `%code%` with indexOf. */
  private skuSearchText() {
    if (this.skuText) return this.skuText;
    const slots: number[] = [];
    this.live.forEach((s) => {
      slots.push(s);
    });
    const starts = new Int32Array(slots.length);
    const pieces: string[] = [];
    let at = 0;
    slots.forEach((s, i) => {
      starts[i] = at;
      const sku = this.skus[s]!.toUpperCase();
      pieces.push(sku);
      at += sku.length + 1;
    });
    this.skuText = { text: pieces.join('\n'), starts, slots: Int32Array.from(slots) };
    return this.skuText;
  }

  /** `upper(sku) like '%needle%' or oem_numbers @> {oem} or search_vector @@ terms`. */
  private codeMatch(code: PreparedText['codes'][number]): TypedFastBitSet {
    const bits = code.terms.length > 0 ? this.termsMatch(code.terms) : this.scratch();
    for (const s of this.oemSlots(code.oem)) bits.add(s);
    const needle = code.needle;
    if (needle.length >= 3) {
      // The slots of the needle's rarest piece, each checked whole.
      let fewest: IntList | undefined;
      for (let i = 0; i + 3 <= needle.length; i += 1) {
        const list = this.skuGrams.get(needle.slice(i, i + 3)) ?? NO_SLOTS;
        if (!fewest || list.n < fewest.n) fewest = list;
      }
      for (let i = 0; i < (fewest?.n ?? 0); i += 1) {
        const s = fewest!.a[i]!;
        if (this.live.has(s) && this.skus[s]!.toUpperCase().includes(needle)) bits.add(s);
      }
      return bits;
    }
    const { text, starts, slots } = this.skuSearchText();
    let from = 0;
    for (;;) {
      const at = text.indexOf(code.needle, from);
      if (at < 0) break;
      // The part number the match starts in (a needle never spans the separating newline).
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      bits.add(slots[lo]!);
      from = at + 1;
    }
    return bits;
  }

  /** The text's matches among live parts (all live parts when there is no text). */
  private textMatch(text: PreparedText | null): TypedFastBitSet {
    if (!text) return this.scratch(this.live);
    if (text.hasWords && text.terms.length === 0) return this.scratch();
    if (!text.hasWords && text.codes.length === 0) return this.scratch();
    let bits = text.hasWords ? this.termsMatch(text.terms) : null;
    for (const code of text.codes) {
      const m = this.codeMatch(code);
      bits = bits ? bits.intersection(m) : m;
    }
    return (bits ?? this.scratch()).intersection(this.live);
  }

  /** The part fits make (model, year): one of its fitment rows says so. */
  private fits(slot: number, make: string, model: string | undefined, year: number | undefined) {
    const fit = this.fitments.data;
    const makeCode = this.makes.codes.get(make);
    if (makeCode === undefined) return false;
    for (let i = this.fitments.from(slot), end = i + this.fitments.length(slot); i < end; i += 3) {
      const m = fit[i]!;
      if (this.modelMake[m] !== makeCode) continue;
      if (model !== undefined && this.modelName[m] !== model) continue;
      if (year !== undefined && (fit[i + 1]! > year || fit[i + 2]! < year)) continue;
      return true;
    }
    return false;
  }

  private vehicleMatch(make: string, model: string | undefined, year: number | undefined) {
    const base = model ? this.models.bitsOf(`${make}\u0001${model}`) : this.makes.bitsOf(make);
    if (!base) return this.scratch();
    if (year === undefined) return base;
    const modelCode = model === undefined ? -1 : this.models.codes.get(`${make}\u0001${model}`)!;
    const bits = this.scratch();
    for (const m of modelCode >= 0 ? [modelCode] : this.modelsOf(make)) {
      const { slot, from, to, n } = this.modelRows[m]!;
      for (let i = 0; i < n; i += 1) if (from[i]! <= year && to[i]! >= year) bits.add(slot[i]!);
    }
    return bits;
  }

  private modelsOf(make: string): number[] {
    const code = this.makes.codes.get(make);
    return code === undefined ? [] : (this.makeModels[code] ?? []);
  }

  private priceMatch(
    min: number | undefined,
    max: number | undefined,
    price: Int32Array = this.price,
  ) {
    const lo = min === undefined ? -Infinity : toCents(min);
    const hi = max === undefined ? Infinity : toCents(max);
    const bits = this.scratch();
    this.live.forEach((s) => {
      const p = price[s]!;
      if (p >= lo && p <= hi) bits.add(s);
    });
    return bits;
  }

  // -------------------------------------------------------------------------------------------
  // Answers

  /**
   * A company buyer's prices for every live part: `unitCents` (the contract's rule compiled for
   * the company's lists) of each part at its minimum, given its public price there.
   */
  buyerPrices(unitCents: UnitCentsOf): BuyerSlotPrices {
    const cents = new Int32Array(this.n).fill(-1);
    const bands = PRICE_BANDS.map(() => new TypedFastBitSet());
    const { ids, category, atMin, moq } = this;
    const names = this.categories.names;
    this.live.forEach((s) => {
      const c = unitCents(ids[s]!, names[category[s]!]!, atMin[s]!, moq[s]!);
      cents[s] = c;
      const band = bandOf(c);
      if (band >= 0) bands[band]!.add(s);
    });
    return { of: this, version: this.changes, cents, bands, ascending: null };
  }

  /**
   * The catalog page's counts, total and items, as `catalogFacets` and `catalogItems` give them;
   * with a buyer's prices, the price filter, bands, sort and the cards' prices are theirs.
   */
  catalog(
    f: CatalogFilters,
    text: PreparedText | null,
    buyer?: BuyerSlotPrices,
  ): { facets: CatalogFacets; total: number; items: CatalogCard[] } {
    if (buyer && (buyer.of !== this || buyer.version !== this.changes))
      throw new Error('SearchIndex.catalog: the buyer prices are of another version of the index');
    this.pooled = 0;
    const T = this.textMatch(text);
    type Dim = 'category' | 'vehicle' | 'price' | 'stock';
    const filters = new Map<Dim, TypedFastBitSet>();
    if (f.category) filters.set('category', this.categories.bitsOf(f.category) ?? EMPTY);
    if (f.make) filters.set('vehicle', this.vehicleMatch(f.make, f.model, f.year));
    if (f.minPrice !== undefined || f.maxPrice !== undefined)
      filters.set('price', this.priceMatch(f.minPrice, f.maxPrice, buyer?.cents));
    if (f.inStock) filters.set('stock', this.inStock);
    const without = (skip: Dim | null): TypedFastBitSet => {
      const bits = this.scratch(T);
      for (const [dim, b] of filters) if (dim !== skip) bits.intersection(b);
      return bits;
    };
    // Each facet is counted without its own filter; unfiltered facets share the matches.
    const matches = without(null);
    const setFor = (dim: Dim) => (filters.has(dim) ? without(dim) : matches);
    const forCategory = setFor('category');
    const forVehicle = setFor('vehicle');
    const forPrice = setFor('price');
    const forStock = setFor('stock');
    const byCategory = new Map<string, number>();
    this.categories.bits.forEach((b, code) => {
      const n = forCategory.intersection_size(b);
      if (n > 0) byCategory.set(this.categories.names[code]!, n);
    });
    const total = f.category
      ? (byCategory.get(f.category) ?? 0)
      : [...byCategory.values()].reduce((a, b) => a + b, 0);

    const makes = this.fitMakes.names
      .map((name, code) => ({ name, n: forVehicle.intersection_size(this.fitMakes.bits[code]!) }))
      .filter((m) => m.n > 0)
      .sort((a, b) => compareLexemes(a.name, b.name))
      .map((m) => ({ value: m.name, label: m.name, count: m.n }));
    let models: { value: string; label: string; count: number }[] = [];
    if (f.make) {
      const counts = new Map<string, number>();
      const makeCode = this.makes.codes.get(f.make);
      if (makeCode !== undefined) {
        if (f.year === undefined) {
          this.models.bits.forEach((b, code) => {
            if (this.modelMake[code] !== makeCode) return;
            const n = forVehicle.intersection_size(b);
            if (n > 0) counts.set(this.modelName[code]!, n);
          });
        } else {
          const year = f.year;
          const seen = this.seen;
          for (const m of this.makeModels[makeCode] ?? []) {
            if (this.seenToken === 0x7fffffff) {
              seen.fill(0);
              this.seenToken = 0;
            }
            const token = ++this.seenToken;
            const { slot, from, to, n: rows } = this.modelRows[m]!;
            let n = 0;
            for (let i = 0; i < rows; i += 1) {
              const s = slot[i]!;
              if (from[i]! > year || to[i]! < year || seen[s] === token || !forVehicle.has(s))
                continue;
              seen[s] = token;
              n += 1;
            }
            if (n > 0) counts.set(this.modelName[m]!, (counts.get(this.modelName[m]!) ?? 0) + n);
          }
        }
      }
      models = [...counts]
        .sort((a, b) => compareLexemes(a[0], b[0]))
        .map(([name, n]) => ({ value: name, label: name, count: n }));
    }
    const facets: CatalogFacets = {
      categories: CATEGORIES.filter((c) => byCategory.has(c)).map((c) => ({
        value: c,
        label: categoryLabel(c),
        count: byCategory.get(c) ?? 0,
      })),
      makes,
      models,
      prices: PRICE_BANDS.map((b, i) => ({
        min: b.min,
        max: b.max,
        label: priceLabel(b.min, b.max),
        count: forPrice.intersection_size((buyer?.bands ?? this.bands)[i]!),
      })),
      inStock: forStock.intersection_size(this.inStock),
    };

    const sort = f.sort ?? (text?.hasWords ? 'relevance' : 'newest');
    const offset = (f.page - 1) * f.pageSize;
    const slots =
      sort === 'relevance' && text?.hasWords
        ? this.ranked(matches, text.terms, offset + f.pageSize)
        : this.inOrder(
            matches,
            sort === 'price-asc' || sort === 'price-desc' ? sort : 'newest',
            offset + f.pageSize,
            buyer,
          );
    const mark = (slot: number): boolean | null =>
      f.fitsMake
        ? this.fits(slot, f.fitsMake, f.fitsModel, f.fitsYear)
        : f.make && f.model && f.year !== undefined
          ? true
          : null;
    const items = slots.slice(offset).map((s) => ({ ...this.card(s, buyer), fits: mark(s) }));
    return { facets, total, items };
  }

  private card(s: number, buyer?: BuyerSlotPrices): Omit<CatalogCard, 'fits'> {
    if (buyer) {
      // As the catalog overlay shows a buyer's price: theirs at the minimum, and the public
      // price there beside it only when it is higher.
      const mine = buyer.cents[s]!;
      const publicCents = this.atMin[s]!;
      return {
        ...this.card(s),
        price: fromCents(mine),
        ...(mine < publicCents ? { listPrice: fromCents(publicCents) } : {}),
      };
    }
    return {
      _id: this.ids[s]!,
      name: this.names[s]!,
      // Description, image and stock level: read for the page by the caller (`readCardFields`).
      description: '',
      mOrderQuantity: this.moq[s]!,
      availableQuantity: 0,
      price: fromCents(this.price[s]!),
      url: '',
      sku: this.skus[s]!,
      category: asCategory(this.categories.names[this.category[s]!]!),
    };
  }

  /** `created_at desc, id`. */
  private newer = (a: number, b: number) =>
    this.created[b]! - this.created[a]! || compareLexemes(this.ids[a]!, this.ids[b]!);

  /** `price, id`. */
  private cheaper = (a: number, b: number) =>
    this.price[a]! - this.price[b]! || compareLexemes(this.ids[a]!, this.ids[b]!);

  private order(kind: 'newest' | 'price-asc' | 'price-desc'): SortedSlots {
    const key = kind === 'newest' ? 'newest' : 'price';
    if (!this.sorted[key]) this.freeze();
    return this.sorted[key]!;
  }

  /** The first `limit` matches in a fixed order. */
  private inOrder(
    matches: TypedFastBitSet,
    kind: 'newest' | 'price-asc' | 'price-desc',
    limit: number,
    buyer?: BuyerSlotPrices,
  ): number[] {
    const count = matches.size();
    const price = kind !== 'newest' && buyer ? buyer.cents : this.price;
    const ids = this.ids;
    const cheaper =
      price === this.price
        ? this.cheaper
        : (a: number, b: number) => price[a]! - price[b]! || compareLexemes(ids[a]!, ids[b]!);
    const byPriceDesc = (a: number, b: number) =>
      price[b]! - price[a]! || compareLexemes(ids[a]!, ids[b]!);
    if (count <= this.orderedAbove) {
      const slots = matches.array();
      return topK(
        slots,
        limit,
        kind === 'newest' ? this.newer : kind === 'price-asc' ? cheaper : byPriceDesc,
      );
    }
    let order: Int32Array;
    let size: number;
    if (kind !== 'newest' && buyer) {
      if (!buyer.ascending) {
        const live: number[] = [];
        this.live.forEach((s) => {
          live.push(s);
        });
        buyer.ascending = Int32Array.from(live).sort(cheaper);
      }
      order = buyer.ascending;
      size = order.length;
    } else {
      const sorted = this.order(kind);
      order = sorted.a;
      size = sorted.n;
    }
    const out: number[] = [];
    if (kind === 'price-desc') {
      // Walk the ascending order backwards, a run of equal prices at a time (ties by id).
      let i = size - 1;
      while (i >= 0 && out.length < limit) {
        let j = i;
        while (j > 0 && price[order[j - 1]!] === price[order[i]!]) j -= 1;
        for (let k = j; k <= i && out.length < limit; k += 1)
          if (matches.has(order[k]!)) out.push(order[k]!);
        i = j - 1;
      }
      return out;
    }
    for (let i = 0; i < size && out.length < limit; i += 1)
      if (matches.has(order[i]!)) out.push(order[i]!);
    return out;
  }

  /** `ts_rank(search_vector, query) desc, created_at desc, id`, the first `limit`. */
  private ranked(matches: TypedFastBitSet, terms: QueryTerm[], limit: number): number[] {
    const slots = matches.array();
    const operands = sortedOperands(terms);
    const isAnd = terms.length > 1;
    // Per operand, a merge walk over each lexeme it reads (in the document's lexeme order).
    const cursors = operands.map((t) =>
      this.postings.refs(t.word, t.prefix).map((r) => this.postings.cursor(r)),
    );
    const doc = this.doc;
    if (this.scores.length < slots.length) this.scores = new Float64Array(slots.length * 2);
    const score = this.scores;
    const one = cursors.every((list) => list.length === 1);
    // The common queries, one or two words each one lexeme, without the general bookkeeping.
    if (one && cursors.length === 1) {
      const c = cursors[0]![0]!;
      for (let m = 0; m < slots.length; m += 1)
        score[m] = c.seek(slots[m]!) ? tsRankOne(c.src, c.a, c.b) : 0;
    } else if (one && cursors.length === 2 && isAnd) {
      const c0 = cursors[0]![0]!;
      const c1 = cursors[1]![0]!;
      for (let m = 0; m < slots.length; m += 1) {
        const slot = slots[m]!;
        const has0 = c0.seek(slot);
        score[m] =
          c1.seek(slot) && has0 ? tsRankTwo(c0.src, c0.a, c0.b, c1.src, c1.a, c1.b) : f32(1e-20);
      }
    } else
      for (let m = 0; m < slots.length; m += 1) {
        const slot = slots[m]!;
        doc.reset(cursors.length);
        for (let i = 0; i < cursors.length; i += 1) {
          for (const c of cursors[i]!) if (c.seek(slot)) doc.add(c.src, c.a, c.b);
          doc.endOperand(i);
        }
        score[m] = tsRank(doc, isAnd);
      }
    const created = this.created;
    const ids = this.ids;
    // Indexes into `slots`: the better first (score, then newer, then id).
    const better = (x: number, y: number) => {
      const d = score[y]! - score[x]!;
      if (d !== 0) return d;
      const a = slots[x]!;
      const b = slots[y]!;
      return created[b]! - created[a]! || compareLexemes(ids[a]!, ids[b]!);
    };
    return topIndexes(slots.length, limit, score, better).map((m) => slots[m]!);
  }

  /** `suggestParts`: live parts matching the prefix query and codes, best first. */
  suggest(text: PreparedText): Suggestion[] {
    this.pooled = 0;
    const matches = this.textMatch(text);
    const slots = text.hasWords
      ? this.ranked(matches, text.terms, SUGGESTION_COUNT)
      : this.inOrder(matches, 'newest', SUGGESTION_COUNT);
    return slots.map((s) => ({
      id: this.ids[s]!,
      sku: this.skus[s]!,
      name: this.names[s]!,
      category: asCategory(this.categories.names[this.category[s]!]!),
      price: fromCents(this.price[s]!),
    }));
  }

  /** `exactPartNumber`: a live part whose number, or else OEM number, is the text. */
  exact(value: string, oem: string): { id: string; sku: string } | null {
    const number = value.toUpperCase();
    const bySku = this.bySku.get(number);
    // An older number of ours names the part replacing it (the lowest part number of several,
    // as the database orders them); then an OEM number.
    const replacing = slotsOf(this.bySuperseded, number)
      .filter((s) => this.live.has(s))
      .sort((a, b) => (this.skus[a]! < this.skus[b]! ? -1 : 1))[0];
    const slot =
      bySku !== undefined && this.live.has(bySku)
        ? bySku
        : (replacing ?? this.oemSlots(oem).find((s) => this.live.has(s)));
    return slot === undefined ? null : { id: this.ids[slot]!, sku: this.skus[slot]! };
  }
}

/** Whether `key` is one of the NUL-separated numbers in `joined`. */
function hasNumber(joined: string, key: string): boolean {
  for (let at = joined.indexOf(key); at >= 0; at = joined.indexOf(key, at + 1)) {
    const end = at + key.length;
    if (
      (at === 0 || joined.charCodeAt(at - 1) === 0) &&
      (end === joined.length || joined.charCodeAt(end) === 0)
    )
      return true;
  }
  return false;
}

/** Slots of a number kept as one slot or, when several parts share it, a list. */
function addSlot(map: Map<string, number | number[]>, key: string, slot: number) {
  const v = map.get(key);
  if (v === undefined) map.set(key, slot);
  else if (Array.isArray(v)) v.push(slot);
  else map.set(key, [v, slot]);
}

function removeSlot(map: Map<string, number | number[]>, key: string, slot: number) {
  const v = map.get(key);
  if (v === slot) map.delete(key);
  else if (Array.isArray(v)) {
    const rest = v.filter((s) => s !== slot);
    if (rest.length === 1) map.set(key, rest[0]!);
    else map.set(key, rest);
  }
}

function slotsOf(map: Map<string, number | number[]>, key: string): number[] {
  const v = map.get(key);
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** One model's fitment rows as columns: the slot and the years it fits (unordered). */
class FitRows {
  slot = new Int32Array(16);
  from = new Int32Array(16);
  to = new Int32Array(16);
  n = 0;
  add(slot: number, from: number, to: number) {
    if (this.n === this.slot.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.slot = grow(this.slot);
      this.from = grow(this.from);
      this.to = grow(this.to);
    }
    this.slot[this.n] = slot;
    this.from[this.n] = from;
    this.to[this.n] = to;
    this.n += 1;
  }
  /** Removes the slot's rows (the last row takes each one's place). */
  remove(slot: number) {
    for (let i = this.n - 1; i >= 0; i -= 1)
      if (this.slot[i] === slot) {
        this.n -= 1;
        this.slot[i] = this.slot[this.n]!;
        this.from[i] = this.from[this.n]!;
        this.to[i] = this.to[this.n]!;
      }
  }
}

/** Slots in an order, with room to insert (dead slots may stay: readers intersect). */
class SortedSlots {
  a: Int32Array;
  n: number;
  constructor(initial: Int32Array) {
    this.a = new Int32Array(initial.length + 1024);
    this.a.set(initial);
    this.n = initial.length;
  }
  insert(slot: number, cmp: (a: number, b: number) => number) {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(this.a[mid]!, slot) <= 0) lo = mid + 1;
      else hi = mid;
    }
    this.a.copyWithin(lo + 1, lo, this.n);
    this.a[lo] = slot;
    this.n += 1;
  }
  remove(slot: number) {
    const at = this.a.subarray(0, this.n).indexOf(slot);
    if (at < 0) return;
    this.a.copyWithin(at, at + 1, this.n);
    this.n -= 1;
  }
}

/** The best `limit` of `items` by `cmp` (negative: first is better), best first. */
function topK(items: number[], limit: number, cmp: (a: number, b: number) => number): number[] {
  if (limit <= 0) return [];
  if (items.length <= limit) return items.sort(cmp);
  // A heap of the best so far with the worst of them at the root.
  const heap: number[] = [];
  const worse = (i: number, j: number) => cmp(heap[i]!, heap[j]!) > 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (r < heap.length && worse(r, m)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const x of items) {
    if (heap.length < limit) {
      heap.push(x);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!worse(i, p)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (cmp(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}

/**
 * The best `limit` of the indexes `0 … n-1` by `cmp` (negative: first is better), best first;
 * `score` (higher is better, the first key of `cmp`) lets most candidates be turned away by a
 * single comparison with the worst kept one.
 */
function topIndexes(
  n: number,
  limit: number,
  score: Float64Array,
  cmp: (a: number, b: number) => number,
): number[] {
  if (limit <= 0) return [];
  const heap = new Int32Array(Math.min(limit, n));
  let size = 0;
  const worse = (i: number, j: number) => cmp(heap[i]!, heap[j]!) > 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(l, m)) m = l;
      if (r < size && worse(r, m)) m = r;
      if (m === i) return;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  for (let x = 0; x < n; x += 1) {
    if (size < limit) {
      heap[size] = x;
      size += 1;
      let i = size - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!worse(i, p)) break;
        const t = heap[i]!;
        heap[i] = heap[p]!;
        heap[p] = t;
        i = p;
      }
    } else if (score[x]! >= score[heap[0]!]! && cmp(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return Array.from(heap.subarray(0, size)).sort(cmp);
}
