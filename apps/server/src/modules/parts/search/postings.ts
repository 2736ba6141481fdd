import type { TypedFastBitSet } from 'typedfastbitset';
import { compareLexemes } from './pg-text.js';

/** A growable typed array. */
class Grow<T extends Uint32Array | Uint16Array> {
  n = 0;
  constructor(
    public a: T,
    private readonly make: (n: number) => T,
  ) {}
  reserve(extra: number) {
    if (this.n + extra <= this.a.length) return;
    const b = this.make(Math.max(this.a.length * 2, this.n + extra));
    b.set(this.a.subarray(0, this.n));
    this.a = b;
  }
  push(v: number) {
    this.reserve(1);
    this.a[this.n] = v;
    this.n += 1;
  }
  pushAll(vs: ArrayLike<number>) {
    this.reserve(vs.length);
    this.a.set(vs, this.n);
    this.n += vs.length;
  }
}
const u32 = () => new Grow(new Uint32Array(1024), (n) => new Uint32Array(n));
const u16 = () => new Grow(new Uint16Array(1024), (n) => new Uint16Array(n));

/**
 * Sorted words in one string with their offsets: 400,000 distinct lexemes (part and OEM numbers
 * make most of them) cost about 15 MB as separate strings and about 5 MB this way.
 */
class WordList {
  private constructor(
    private readonly text: string,
    private readonly starts: Uint32Array,
  ) {}
  static of(words: string[]): WordList {
    const starts = new Uint32Array(words.length + 1);
    for (let i = 0; i < words.length; i += 1) starts[i + 1] = starts[i]! + words[i]!.length;
    return new WordList(words.join(''), starts);
  }
  get length(): number {
    return this.starts.length - 1;
  }
  at(i: number): string {
    return this.text.slice(this.starts[i]!, this.starts[i + 1]!);
  }
  all(): string[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
  /** Word `i` against `word` by UTF-16 code units, as `<` compares strings. */
  compare(i: number, word: string): number {
    const from = this.starts[i]!;
    const n = this.starts[i + 1]! - from;
    const m = Math.min(n, word.length);
    for (let k = 0; k < m; k += 1) {
      const d = this.text.charCodeAt(from + k) - word.charCodeAt(k);
      if (d !== 0) return d;
    }
    return n - word.length;
  }
  /** Whether word `i` starts with `prefix`. */
  startsWith(i: number, prefix: string): boolean {
    const from = this.starts[i]!;
    if (this.starts[i + 1]! - from < prefix.length) return false;
    for (let k = 0; k < prefix.length; k += 1)
      if (this.text.charCodeAt(from + k) !== prefix.charCodeAt(k)) return false;
    return true;
  }
}

/**
 * Where each compact entry's positions start, in about a byte an entry instead of four: each
 * entry's count of positions (255 and more kept aside: PostgreSQL keeps up to 256 a lexeme) and
 * every 16th entry's start; an entry's start adds at most 15 counts to its group's.
 */
export class PositionStarts {
  private constructor(
    private readonly lens: Uint8Array,
    private readonly groups: Uint32Array,
    private readonly big: Map<number, number>,
  ) {}

  /** From the plain starts (`starts[k]` to `starts[k + 1]`: entry k's positions). */
  static of(starts: Uint32Array): PositionStarts {
    const n = starts.length - 1;
    const lens = new Uint8Array(n);
    const groups = new Uint32Array((n >>> 4) + 1);
    const big = new Map<number, number>();
    for (let k = 0; k < n; k += 1) {
      if ((k & 15) === 0) groups[k >>> 4] = starts[k]!;
      const len = starts[k + 1]! - starts[k]!;
      if (len >= 255) {
        lens[k] = 255;
        big.set(k, len);
      } else lens[k] = len;
    }
    return new PositionStarts(lens, groups, big);
  }

  len(k: number): number {
    const len = this.lens[k]!;
    return len === 255 ? this.big.get(k)! : len;
  }

  start(k: number): number {
    let at = this.groups[k >>> 4]!;
    for (let i = k & ~15; i < k; i += 1) at += this.len(i);
    return at;
  }
}

/** One lexeme as a query reads it: its range in the compact lists and its recent entries. */
export type LexemeRef = { word: string; frozen: number; recent: number[] | undefined };

/**
 * The stored search documents' lexemes, compactly: every (lexeme, slot, positions) entry in
 * flat typed arrays (compressed-sparse-row: lexemes sorted by code point, each with a range of
 * slots in slot order, each slot with a range of positions), no object per lexeme. Entries
 * added after the last `freeze` (parts written since the load) wait in a small map and are merged
 * in by the next `freeze`. Slots only grow, so a lexeme's recent slots follow its compact ones.
 */
export class Postings {
  // Compact part.
  private words = WordList.of([]);
  private wordStart = new Uint32Array(1);
  private slots = new Uint32Array(0);
  private posStarts = PositionStarts.of(new Uint32Array(1));
  private pos = new Uint16Array(0);

  // Entries since the last freeze: word ids into `recentWords`, slot, positions range.
  private readonly recentIds = new Map<string, number>();
  private readonly recentWords: string[] = [];
  private eWord = u32();
  private eSlot = u32();
  private ePosStart = u32();
  private ePos = u16();
  /** After the first freeze: each recent word's entry numbers, for queries. */
  private recentByWord: Map<string, number[]> | null = null;

  get recentEntries(): number {
    return this.eWord.n;
  }

  add(slot: number, word: string, positions: Uint16Array | null) {
    let id = this.recentIds.get(word);
    if (id === undefined) {
      id = this.recentWords.length;
      this.recentWords.push(word);
      this.recentIds.set(word, id);
    }
    const entry = this.eWord.n;
    this.eWord.push(id);
    this.eSlot.push(slot);
    this.ePosStart.push(this.ePos.n);
    if (positions) this.ePos.pushAll(positions);
    if (this.recentByWord) {
      const list = this.recentByWord.get(word);
      if (list) list.push(entry);
      else this.recentByWord.set(word, [entry]);
    }
  }

  /** Merges the recent entries into the compact lists. */
  freeze() {
    const E = this.eWord.n;
    const oldWords = this.words.all();
    const oldW = oldWords.length;
    const all = [...new Set([...oldWords, ...this.recentWords])].sort(compareLexemes);
    const idOf = new Map<string, number>();
    all.forEach((w, i) => idOf.set(w, i));
    const W = all.length;
    const count = new Uint32Array(W + 1);
    for (let i = 0; i < oldW; i += 1) {
      const w = idOf.get(oldWords[i]!)!;
      count[w] = count[w]! + this.wordStart[i + 1]! - this.wordStart[i]!;
    }
    const recentTo = new Uint32Array(this.recentWords.length);
    this.recentWords.forEach((w, i) => (recentTo[i] = idOf.get(w)!));
    const eWord = this.eWord.a;
    for (let e = 0; e < E; e += 1) {
      const w = recentTo[eWord[e]!]!;
      count[w] = count[w]! + 1;
    }
    const wordStart = new Uint32Array(W + 1);
    for (let w = 0; w < W; w += 1) wordStart[w + 1] = wordStart[w]! + count[w]!;
    const total = wordStart[W]!;
    // Where each entry goes: compact ones first (they have the smaller slots), then recent ones.
    const slots = new Uint32Array(total);
    const lens = new Uint32Array(total);
    const cursor = wordStart.slice(0, W);
    const oldAt = new Uint32Array(this.slots.length);
    for (let i = 0; i < oldW; i += 1) {
      const w = idOf.get(oldWords[i]!)!;
      for (let k = this.wordStart[i]!; k < this.wordStart[i + 1]!; k += 1) {
        const at = cursor[w]!;
        cursor[w] = at + 1;
        slots[at] = this.slots[k]!;
        lens[at] = this.posStarts.len(k);
        oldAt[k] = at;
      }
    }
    const newAt = new Uint32Array(E);
    const ePosStart = this.ePosStart.a;
    for (let e = 0; e < E; e += 1) {
      const w = recentTo[eWord[e]!]!;
      const at = cursor[w]!;
      cursor[w] = at + 1;
      slots[at] = this.eSlot.a[e]!;
      lens[at] = (e + 1 < E ? ePosStart[e + 1]! : this.ePos.n) - ePosStart[e]!;
      newAt[e] = at;
    }
    const posStart = new Uint32Array(total + 1);
    for (let k = 0; k < total; k += 1) posStart[k + 1] = posStart[k]! + lens[k]!;
    const pos = new Uint16Array(posStart[total]!);
    for (let k = 0, from = 0; k < oldAt.length; k += 1) {
      const to = from + this.posStarts.len(k);
      pos.set(this.pos.subarray(from, to), posStart[oldAt[k]!]!);
      from = to;
    }
    for (let e = 0; e < E; e += 1) {
      const end = e + 1 < E ? ePosStart[e + 1]! : this.ePos.n;
      pos.set(this.ePos.a.subarray(ePosStart[e]!, end), posStart[newAt[e]!]!);
    }
    this.words = WordList.of(all);
    this.wordStart = wordStart;
    this.slots = slots;
    this.posStarts = PositionStarts.of(posStart);
    this.pos = pos;
    this.recentIds.clear();
    this.recentWords.length = 0;
    this.eWord = u32();
    this.eSlot = u32();
    this.ePosStart = u32();
    this.ePos = u16();
    this.recentByWord = new Map();
  }

  /** The first compact word at or after `word`. */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words.compare(mid, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The lexeme `word`, or (prefix) every lexeme starting with it, in code-point order. */
  refs(word: string, prefix: boolean): LexemeRef[] {
    const found = new Map<string, LexemeRef>();
    for (let i = this.lowerBound(word); i < this.words.length; i += 1) {
      if (prefix ? !this.words.startsWith(i, word) : this.words.compare(i, word) !== 0) break;
      const w = this.words.at(i);
      found.set(w, { word: w, frozen: i, recent: undefined });
    }
    if (this.recentByWord)
      for (const [w, list] of this.recentByWord)
        if (prefix ? w.startsWith(word) : w === word) {
          const ref = found.get(w);
          if (ref) ref.recent = list;
          else found.set(w, { word: w, frozen: -1, recent: list });
        }
    return [...found.values()].sort((a, b) => compareLexemes(a.word, b.word));
  }

  /** Adds the slots holding any of these lexemes to `bits` (dead ones too: the caller intersects). */
  bits(refs: LexemeRef[], bits: TypedFastBitSet): TypedFastBitSet {
    for (const r of refs) {
      if (r.frozen >= 0)
        for (let k = this.wordStart[r.frozen]!; k < this.wordStart[r.frozen + 1]!; k += 1)
          bits.add(this.slots[k]!);
      if (r.recent) for (const e of r.recent) bits.add(this.eSlot.a[e]!);
    }
    return bits;
  }

  /**
   * A reader of one lexeme's entries for slots asked in increasing order (a merge walk: entries
   * are in slot order, the recent ones after the compact ones). Valid until the next write.
   */
  cursor(r: LexemeRef): EntryCursor {
    return new EntryCursor(
      r.frozen >= 0 ? this.wordStart[r.frozen]! : 0,
      r.frozen >= 0 ? this.wordStart[r.frozen + 1]! : 0,
      this.slots,
      this.posStarts,
      this.pos,
      r.recent ?? [],
      this.eSlot.a,
      this.ePosStart.a,
      this.ePos.a,
      this.eWord.n,
      this.ePos.n,
    );
  }
}

/** See `Postings.cursor`. After a successful `seek`, the entry's positions are `src[a..b)`. */
class EntryCursor {
  src: Uint16Array;
  a = 0;
  b = 0;
  private r = 0;
  /** The last compact entry found and where its positions start. */
  private lastK = -1;
  private lastStart = 0;
  constructor(
    private k: number,
    private readonly end: number,
    private readonly slots: Uint32Array,
    private readonly posStarts: PositionStarts,
    private readonly pos: Uint16Array,
    private readonly recent: number[],
    private readonly eSlot: Uint32Array,
    private readonly ePosStart: Uint32Array,
    private readonly ePos: Uint16Array,
    private readonly eCount: number,
    private readonly ePosCount: number,
  ) {
    this.src = pos;
  }

  /** Whether the lexeme is in `slot` (no smaller slot may be asked after a larger one). */
  seek(slot: number): boolean {
    const slots = this.slots;
    let k = this.k;
    if (k < this.end && slots[k]! < slot) {
      // Galloping: a few matches among a long list skip most of it.
      let step = 1;
      while (k + step < this.end && slots[k + step]! < slot) {
        k += step;
        step *= 2;
      }
      let hi = Math.min(this.end, k + step);
      k += 1;
      while (k < hi) {
        const mid = (k + hi) >> 1;
        if (slots[mid]! < slot) k = mid + 1;
        else hi = mid;
      }
    }
    this.k = k;
    if (k < this.end && slots[k] === slot) {
      this.src = this.pos;
      // The walk mostly moves a few entries on: add their counts to the last start.
      const last = this.lastK;
      let at: number;
      if (last >= 0 && k >= last && k - last < 16) {
        at = this.lastStart;
        for (let i = last; i < k; i += 1) at += this.posStarts.len(i);
      } else at = this.posStarts.start(k);
      this.lastK = k;
      this.lastStart = at;
      this.a = at;
      this.b = at + this.posStarts.len(k);
      return true;
    }
    const recent = this.recent;
    let r = this.r;
    while (r < recent.length && this.eSlot[recent[r]!]! < slot) r += 1;
    this.r = r;
    if (r < recent.length && this.eSlot[recent[r]!] === slot) {
      const e = recent[r]!;
      this.src = this.ePos;
      this.a = this.ePosStart[e]!;
      this.b = e + 1 < this.eCount ? this.ePosStart[e + 1]! : this.ePosCount;
      return true;
    }
    return false;
  }
}
