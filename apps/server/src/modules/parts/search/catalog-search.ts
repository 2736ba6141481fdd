import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import type { PgliteThread } from '../../../db/pglite-thread.js';
import {
  CatalogQuery,
  normalisePartNumber,
  type CatalogFacets,
  type CatalogCard,
  type CatalogFilters,
  type Suggestion,
  type UnitCentsOf,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../../db/database.js';
import { tokenizeSearch } from '../catalog.service.js';
import {
  parseAndQuery,
  SIMILARITY_THRESHOLD,
  similarity,
  trigrams,
  compareLexemes,
} from './pg-text.js';
import {
  lastChange,
  missingChanges,
  pruneChanges,
  queryTexts,
  readAllCardFields,
  readCardFields,
  type CardFields,
  readChanges,
  readDocs,
  readLiveDocs,
  readSearchWords,
  sortsByCodePoint,
} from './search-feed.js';
import type { BuyerSearchPrices } from '../price-overlay.js';
import { SearchIndex, type BuyerSlotPrices, type PreparedText } from './search-index.js';

/**
 * The catalog search behind one interface: `null` means "not from here" (the index is still
 * loading, or the text is one the index does not reproduce), and the caller asks the database.
 * An external engine could stand behind the same interface (decision 050).
 */
export type SearchPort = {
  /**
   * With a company buyer's prices, the price filter, bands, sort and the cards' prices are
   * theirs (decision 061, "Search by the buyer's price").
   */
  catalog(
    filters: CatalogFilters,
    buyer?: BuyerSearchPrices | null,
  ): Promise<{ facets: CatalogFacets; total: number; items: CatalogCard[] } | null>;
  suggest(text: string): Promise<Suggestion[] | null>;
  exact(text: string): Promise<{ id: string; sku: string } | null | undefined>;
  status(): SearchStatus;
  /** This instance changed parts: read the change log now rather than at the next poll. */
  nudge(): void;
  /** Resolves once the index has caught up with every change committed before the call. */
  settle(): Promise<void>;
  /**
   * A bulk write (an import's apply) holds the embedded database, one session, in a transaction
   * for as long as it takes: call this inside it, before it writes. Until the release, catalog
   * answers take what a card shows beyond the index (description, picture, stock) from a copy
   * read here, and do not wait for this instance's earlier writes to reach the index (the change
   * log cannot be read meanwhile). Nobody else commits while the transaction is open, so the copy
   * is the catalog as committed.
   */
  holdCards(tx: DbOrTx): Promise<() => void>;
  stop(): Promise<void>;
};

export type SearchStatus = {
  state: 'loading' | 'ready' | 'off';
  parts: number;
  /** When the index became ready, milliseconds after the start. */
  readyAfterMs: number | null;
};

export type SearchOptions = {
  /** How often the change log is read without a notification (the backstop), ms. */
  pollMs?: number;
  /** Listen for notifications (off in a test that shows the poll catching up alone). */
  listen?: boolean;
  enabled?: boolean;
  onError?: (err: unknown) => void;
  onReady?: (status: SearchStatus) => void;
  /** Tests: walk the kept sort orders from this many matches (default 4096). */
  orderedAbove?: number;
  /** Tests: compact the lexemes written since the load from this many entries (default 100,000). */
  freezeAbove?: number;
  /** Tests: load afresh when more changes than this wait at once (default BULK_CHANGES). */
  bulkChanges?: number;
};

const LOAD_BATCH = 5000;
const CHANGE_BATCH = 2000;
/** More changes than this waiting at once (an import): the index is loaded afresh instead. */
const BULK_CHANGES = 20_000;
/** How long a missing change number is looked for (a transaction open that long is unheard of). */
const GAP_LIFE_MS = 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const KEEP_CHANGES_SECONDS = 3600;
const MEMO_LIMIT = 10_000;
/** Companies whose prices over the index are kept (each: a price per part, about 0.5 MB at 100k). */
const BUYER_PRICES_KEPT = 16;

/**
 * The load leaves a few hundred MB of garbage (rows read, typed arrays outgrown by the compaction)
 * that V8 may keep resident for hours on a quiet server; one full collection before the index
 * serves gives it back (as `openPglite` does for PGlite's start-up, decision 033).
 */
function collectLoadGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Letters of the words the spelling list holds, for the typo correction. */
type KnownWord = { query: string; grams: Set<string> };

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** Bounded memo: forgets everything when full (the inputs are typed words, few and repeated). */
function memoMap<V>() {
  const map = new Map<string, V>();
  return {
    get: (k: string) => map.get(k),
    set(k: string, v: V) {
      if (map.size >= MEMO_LIMIT) map.clear();
      map.set(k, v);
    },
    clear: () => map.clear(),
  };
}

export function createCatalogSearch(db: Db, options: SearchOptions = {}): SearchPort {
  const pollMs = options.pollMs ?? 500;
  const started = Date.now();
  let index: SearchIndex | null = null;
  let state: SearchStatus['state'] = options.enabled === false ? 'off' : 'loading';
  let readyAfterMs: number | null = null;
  let stopped = false;
  let lastSeq = 0;
  const gaps = new Map<number, number>();
  const known = new Map<string, KnownWord>();
  const nearestMemo = memoMap<string | null>();
  const englishMemo = memoMap<string>();
  const simpleMemo = memoMap<string>();
  let chain: Promise<void> = Promise.resolve();
  let pending = false;
  let timer: NodeJS.Timeout | null = null;
  let listener: { close(): Promise<void> } | null = null;
  let lastPrune = Date.now();
  let rebuilding = false;
  /**
   * A bulk change (an import) is being loaded: the live index does not hold it, so it answers
   * nothing until the fresh one is swapped in and the database answers meanwhile, as at start-up.
   */
  let reloading = false;
  /** A catch-up this instance's own write asked for: reads wait for it (read your writes). */
  let ownWrite: Promise<void> | null = null;
  /** The cards' fields while a bulk write holds the embedded database (`holdCards`). */
  let heldCards: Map<string, CardFields> | null = null;
  /**
   * Reads waiting for the database, each told when a hold begins: a read already waiting when a
   * bulk write's transaction opened stops waiting then (the database would answer it only after).
   * Each leaves the set when its work settles. (A race with one promise that stays pending until
   * the next import kept every search's answer reachable from that promise: the heap grew by
   * about 5 MB a second under the bench's reads.)
   */
  const holdWaiters = new Set<(held: Map<string, CardFields>) => void>();
  /** What `work` gives, or the held cards if a hold is on or begins first. */
  const orHold = <T>(work: Promise<T>): Promise<{ done: T } | { held: Map<string, CardFields> }> =>
    heldCards
      ? Promise.resolve({ held: heldCards })
      : new Promise((resolve, reject) => {
          const onHold = (held: Map<string, CardFields>) => resolve({ held });
          holdWaiters.add(onHold);
          work.then(
            (done) => {
              holdWaiters.delete(onHold);
              resolve({ done });
            },
            (err: unknown) => {
              holdWaiters.delete(onHold);
              reject(err as Error);
            },
          );
        });
  const afterOwnWrites = async () => {
    const waiting = ownWrite;
    if (!waiting) return;
    const outcome = await orHold(waiting);
    if (ownWrite === waiting && 'done' in outcome) ownWrite = null;
  };
  const report = (err: unknown) => options.onError?.(err);

  /**
   * Company buyers' prices over the index, by their key (which names the company, the day and
   * its lists' versions: a key never answers another company, a visitor never reads one), the
   * least recently used forgotten first. Kept here beside the index, never in it: the index and
   * everything shared hold public prices only.
   */
  const buyers = new Map<
    string,
    { unitCents: Promise<UnitCentsOf>; prices: BuyerSlotPrices | null }
  >();
  const buyerEntry = (buyer: BuyerSearchPrices) => {
    let entry = buyers.get(buyer.key);
    if (entry) buyers.delete(buyer.key);
    else {
      const unitCents = buyer.load();
      entry = { unitCents, prices: null };
      // A failed read is not kept.
      unitCents.catch(() => buyers.delete(buyer.key));
    }
    buyers.set(buyer.key, entry);
    while (buyers.size > BUYER_PRICES_KEPT) buyers.delete(buyers.keys().next().value!);
    return entry;
  };

  const addWords = (rows: { word: string; query: string }[]) => {
    let added = false;
    for (const r of rows)
      if (!known.has(r.word)) {
        known.set(r.word, { query: r.query, grams: trigrams(r.word) });
        added = true;
      }
    if (added) nearestMemo.clear();
  };

  /** The words of a part the `parts_search_update` trigger adds to the spelling list. */
  const wordsOf = (d: { name: string; category: string; description: string }) =>
    `${d.name} ${d.category} ${d.description}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && w.length <= 40 && !/[0-9]/.test(w));

  async function apply(target: SearchIndex, ids: string[]) {
    for (let i = 0; i < ids.length; i += 500) {
      const batch = [...new Set(ids.slice(i, i + 500))];
      const docs = await readDocs(db, batch);
      const fresh = [...new Set(docs.flatMap(wordsOf))].filter((w) => !known.has(w));
      addWords(await readSearchWords(db, fresh));
      const byId = new Map(docs.map((d) => [d.id, d]));
      for (const id of batch) target.put(id, byId.get(id) ?? null);
    }
  }

  /** Reads the change log from `lastSeq` (and the gaps) and applies it to the index. */
  async function catchUp(target: SearchIndex) {
    for (;;) {
      const now = Date.now();
      for (const [seq, since] of gaps) if (now - since > GAP_LIFE_MS) gaps.delete(seq);
      const changes = await readChanges(db, lastSeq, [...gaps.keys()], CHANGE_BATCH);
      if (changes.length === 0) return;
      let expected = lastSeq + 1;
      for (const c of changes) {
        if (gaps.delete(c.seq)) continue;
        for (let s = expected; s < c.seq; s += 1) gaps.set(s, now);
        expected = c.seq + 1;
        if (c.seq > lastSeq) lastSeq = c.seq;
      }
      await apply(
        target,
        changes.map((c) => c.partId),
      );
      if (changes.length < CHANGE_BATCH) return;
    }
  }

  async function fullLoad(): Promise<{ built: SearchIndex; from: number }> {
    const from = await lastChange(db);
    const built = new SearchIndex(options.orderedAbove);
    addWords(await readSearchWords(db));
    // The next batch is read while this one is indexed (on PostgreSQL, on another connection).
    let next = readLiveDocs(db, null, LOAD_BATCH);
    for (;;) {
      const docs = await next;
      const more = docs.length === LOAD_BATCH;
      if (more) next = readLiveDocs(db, docs[docs.length - 1]!.id, LOAD_BATCH);
      for (const d of docs) built.put(d.id, d);
      if (!more) break;
      // Let requests in between batches (they are answered from the database meanwhile).
      await new Promise((resolve) => setImmediate(resolve));
    }
    built.freeze();
    return { built, from };
  }

  const tick = () => {
    if (stopped || state === 'off' || !index || pending) return chain;
    pending = true;
    chain = chain
      .then(async () => {
        pending = false;
        if (stopped || !index || reloading) return;
        // A bulk change (a catalog import): loading the catalog afresh beside the live index is
        // faster than reading it back change by change, and readers are not held while it runs.
        if ((await lastChange(db)) - lastSeq > (options.bulkChanges ?? BULK_CHANGES)) {
          void reloadInBulk();
          return;
        }
        await catchUp(index);
        if (index.unfrozen > (options.freezeAbove ?? 100_000)) index.freeze();
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await pruneChanges(db, KEEP_CHANGES_SECONDS);
        }
        if (!rebuilding && index.deadSlots > Math.max(10_000, index.size / 4)) void rebuild();
      })
      .catch((err) => {
        pending = false;
        report(err);
      });
    return chain;
  };

  /**
   * After a bulk change: a fresh index from the catalog as it is now, swapped in once loaded, and
   * the change log read on from where the load began (with the same care for changes committed
   * out of order as at start-up). The live index answers meanwhile.
   */
  async function reloadInBulk() {
    reloading = true;
    try {
      const { built, from } = await fullLoad();
      chain = chain.then(async () => {
        for (const seq of await missingChanges(db, Math.max(lastSeq, from - 1000), from))
          gaps.set(seq, Date.now());
        const raced = await readChanges(
          db,
          Math.max(lastSeq, from - 1000),
          [],
          Number.MAX_SAFE_INTEGER,
        );
        await apply(
          built,
          raced.map((c) => c.partId),
        );
        lastSeq = Math.max(from, ...raced.map((c) => c.seq));
        index = built;
      });
      await chain;
      collectLoadGarbage();
    } catch (err) {
      report(err);
    } finally {
      reloading = false;
    }
    void tick();
  }

  /** Builds a fresh index (dead slots gone) beside the live one, then swaps them. */
  async function rebuild() {
    rebuilding = true;
    try {
      const { built, from } = await fullLoad();
      chain = chain.then(async () => {
        // Everything changed since the new index's start, read again into it.
        const since = await readChanges(db, from, [], Number.MAX_SAFE_INTEGER);
        await apply(
          built,
          since.filter((c) => c.seq <= lastSeq).map((c) => c.partId),
        );
        index = built;
      });
      await chain;
    } catch (err) {
      report(err);
    } finally {
      rebuilding = false;
    }
  }

  async function listen() {
    const client = (db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      const own = new pg.Client(client.options);
      own.on('error', (err) => report(err));
      own.on('notification', () => void tick());
      await own.connect();
      await own.query('listen search_changes');
      listener = { close: () => own.end() };
    } else if (client && typeof (client as PgliteThread).listen === 'function') {
      const off = await (client as PgliteThread).listen('search_changes', () => void tick());
      listener = { close: off };
    }
  }

  async function start() {
    if (state === 'off') return;
    try {
      if (!(await sortsByCodePoint(db))) {
        // Facet order follows the database's collation; the index sorts by code point.
        state = 'off';
        return;
      }
      if (options.listen !== false) await listen().catch(report);
      const { built, from } = await fullLoad();
      lastSeq = from;
      // Changes committed out of order just before the start: look for them for a while.
      for (const seq of await missingChanges(db, Math.max(0, from - 1000), from))
        gaps.set(seq, Date.now());
      // Changes that may have raced the load: read again whatever changed since it began.
      const raced = await readChanges(db, Math.max(0, from - 1000), [], Number.MAX_SAFE_INTEGER);
      await apply(
        built,
        raced.map((c) => c.partId),
      );
      for (const c of raced) if (c.seq > lastSeq) lastSeq = c.seq;
      if (stopped) return;
      warm(built);
      collectLoadGarbage();
      index = built;
      state = 'ready';
      readyAfterMs = Date.now() - started;
      options.onReady?.(status());
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      // V8 gives freed pages back to the system only after a collection that finds them empty:
      // the first one (above) frees the load's garbage, this one returns most of its pages.
      setTimeout(collectLoadGarbage, 2000).unref();
    } catch (err) {
      report(err);
      if (!stopped) setTimeout(() => void start(), 5000).unref();
    }
  }

  /**
   * Runs each kind of query once before the index is declared ready, so that the first real
   * ones do not pay for compiling the hot paths (tens of milliseconds each at 100,000 parts).
   */
  function warm(target: SearchIndex) {
    for (const raw of [{}, { sort: 'price-asc' }, { sort: 'price-desc', page: 2 }])
      target.catalog(CatalogQuery.parse(raw), null);
    let n = 0;
    for (const [, k] of known) {
      const terms = parseAndQuery(k.query);
      if (!terms || terms.length !== 1) continue;
      const text = { hasWords: true, terms, codes: [] };
      target.catalog(CatalogQuery.parse({ q: 'x' }), text);
      target.suggest({ ...text, terms: [{ word: terms[0]!.word, prefix: true }] });
      if (++n >= 3) break;
    }
  }

  const status = (): SearchStatus => ({ state, parts: index?.size ?? 0, readyAfterMs });

  /** The nearest spelling-list word (pg_trgm), as `parseSearch` picks it. */
  function nearest(word: string): string | null {
    const hit = nearestMemo.get(word);
    if (hit !== undefined) return hit;
    const grams = trigrams(word);
    let best: string | null = null;
    let bestSim = -1;
    for (const [w, k] of known) {
      const sim = similarity(grams, k.grams);
      if (sim < SIMILARITY_THRESHOLD) continue;
      if (sim > bestSim || (sim === bestSim && best !== null && compareLexemes(w, best) < 0)) {
        best = w;
        bestSim = sim;
      }
    }
    nearestMemo.set(word, best);
    return best;
  }

  async function queryOf(kind: 'english' | 'simple', inputs: string[]): Promise<string[]> {
    const memo = kind === 'english' ? englishMemo : simpleMemo;
    const missing = [
      ...new Set(
        inputs.filter((x) => (kind === 'english' && known.has(x)) || memo.get(x) === undefined),
      ),
    ].filter((x) => !(kind === 'english' && known.has(x)));
    if (missing.length > 0)
      for (const [x, q] of await queryTexts(db, kind, missing)) memo.set(x, q);
    return inputs.map(
      (x) => (kind === 'english' ? known.get(x)?.query : undefined) ?? memo.get(x) ?? '',
    );
  }

  /** The text as the index runs it, or null when only the database can answer it exactly. */
  async function prepare(raw: string, prefixLast: boolean): Promise<PreparedText | null> {
    if (!isAscii(raw)) return null;
    const { words: typed, codes } = tokenizeSearch(raw);
    const words = typed.map((w) => (w.length >= 3 && !known.has(w) ? (nearest(w) ?? w) : w));
    const queries = await queryOf('english', words);
    const terms = [];
    for (let i = 0; i < queries.length; i += 1) {
      const parsed = parseAndQuery(queries[i]!);
      if (parsed === null || parsed.length > 1) return null;
      if (parsed[0])
        terms.push({ word: parsed[0].word, prefix: prefixLast && i === words.length - 1 });
    }
    const codeQueries = await queryOf(
      'simple',
      codes.map((c) => c.toLowerCase()),
    );
    const prepared: PreparedText['codes'] = [];
    for (let i = 0; i < codes.length; i += 1) {
      const parsed = parseAndQuery(codeQueries[i]!);
      if (parsed === null || parsed.some((t) => t.prefix)) return null;
      prepared.push({ needle: codes[i]!, oem: normalisePartNumber(codes[i]!), terms: parsed });
    }
    return { hasWords: words.length > 0, terms, codes: prepared };
  }

  void start();

  return {
    async catalog(filters, buyer) {
      const text = filters.q?.trim() ?? '';
      if (!index) return null;
      await afterOwnWrites();
      if (reloading) return null;
      const prepared = text ? await prepare(text, false) : null;
      if (text && !prepared) return null;
      const entry = buyer ? buyerEntry(buyer) : null;
      const unitCents = entry ? await entry.unitCents : null;
      // From here to the answer nothing waits: the prices are of the index as it is now.
      let prices: BuyerSlotPrices | undefined;
      if (entry && unitCents) {
        if (entry.prices?.of !== index || entry.prices.version !== index.version)
          entry.prices = index.buyerPrices(unitCents);
        prices = entry.prices;
      }
      const answer = index.catalog(filters, prepared, prices);
      // Held: not even queued, or every read would run once the transaction ends.
      const read = heldCards
        ? { held: heldCards }
        : await orHold(
            readCardFields(
              db,
              answer.items.map((c) => c._id),
            ),
          );
      const fields = 'done' in read ? read.done : read.held;
      for (const card of answer.items) {
        const f = fields.get(card._id);
        if (!f) continue;
        card.description = f.description;
        card.url = f.imageUrl;
        card.availableQuantity = f.availableQuantity;
      }
      return answer;
    },
    async suggest(raw) {
      if (!index) return null;
      await afterOwnWrites();
      if (reloading) return null;
      const prepared = await prepare(raw, true);
      if (!prepared) return null;
      if (!prepared.hasWords && prepared.codes.length === 0) return [];
      return index.suggest(prepared);
    },
    async exact(text) {
      const value = text.trim();
      if (!index || !isAscii(value)) return undefined;
      if (value.length < 2 || value.length > 40) return null;
      await afterOwnWrites();
      if (reloading) return undefined;
      return index.exact(value, normalisePartNumber(value));
    },
    status,
    nudge() {
      if (index) ownWrite = tick();
    },
    async holdCards(tx) {
      const cards = await readAllCardFields(tx);
      heldCards = cards;
      for (const tell of holdWaiters) tell(cards);
      holdWaiters.clear();
      return () => {
        if (heldCards === cards) heldCards = null;
      };
    },
    async settle() {
      if (!index) return;
      await tick();
      await chain;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await chain.catch(() => undefined);
      await listener?.close().catch(() => undefined);
    },
  };
}
