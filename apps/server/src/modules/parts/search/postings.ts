import { TypedFastBitSet } from 'typedfastbitset';
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
  private words: string[] = [];
  private wordStart = new Uint32Array(1);
  private slots = new Uint32Array(0);
  private posStart = new Uint32Array(1);
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
    const oldW = this.words.length;
    const all = [...new Set([...this.words, ...this.recentWords])].sort(compareLexemes);
    const idOf = new Map<string, number>();
    all.forEach((w, i) => idOf.set(w, i));
    const W = all.length;
    const count = new Uint32Array(W + 1);
    for (let i = 0; i < oldW; i += 1) {
      const w = idOf.get(this.words[i]!)!;
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
      const w = idOf.get(this.words[i]!)!;
      for (let k = this.wordStart[i]!; k < this.wordStart[i + 1]!; k += 1) {
        const at = cursor[w]!;
        cursor[w] = at + 1;
        slots[at] = this.slots[k]!;
        lens[at] = this.posStart[k + 1]! - this.posStart[k]!;
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
    for (let k = 0; k < oldAt.length; k += 1)
      pos.set(this.pos.subarray(this.posStart[k]!, this.posStart[k + 1]!), posStart[oldAt[k]!]!);
    for (let e = 0; e < E; e += 1) {
      const end = e + 1 < E ? ePosStart[e + 1]! : this.ePos.n;
      pos.set(this.ePos.a.subarray(ePosStart[e]!, end), posStart[newAt[e]!]!);
    }
    this.words = all;
    this.wordStart = wordStart;
    this.slots = slots;
    this.posStart = posStart;
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
      if (this.words[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The lexeme `word`, or (prefix) every lexeme starting with it, in code-point order. */
  refs(word: string, prefix: boolean): LexemeRef[] {
    const found = new Map<string, LexemeRef>();
    for (let i = this.lowerBound(word); i < this.words.length; i += 1) {
      const w = this.words[i]!;
      if (prefix ? !w.startsWith(word) : w !== word) break;
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

  /** The slots holding any of these lexemes (dead ones too: the caller intersects). */
  bits(refs: LexemeRef[]): TypedFastBitSet {
    const bits = new TypedFastBitSet();
    for (const r of refs) {
      if (r.frozen >= 0)
        for (let k = this.wordStart[r.frozen]!; k < this.wordStart[r.frozen + 1]!; k += 1)
          bits.add(this.slots[k]!);
      if (r.recent) for (const e of r.recent) bits.add(this.eSlot.a[e]!);
    }
    return bits;
  }

  /** The positions of `slot`'s entry (null: a lexeme without positions); undefined if absent. */
  positions(r: LexemeRef, slot: number): Uint16Array | null | undefined {
    if (r.frozen >= 0) {
      let lo = this.wordStart[r.frozen]!;
      let hi = this.wordStart[r.frozen + 1]! - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = this.slots[mid]!;
        if (v === slot) {
          const a = this.posStart[mid]!;
          const b = this.posStart[mid + 1]!;
          return a === b ? null : this.pos.subarray(a, b);
        }
        if (v < slot) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    if (r.recent)
      for (const e of r.recent)
        if (this.eSlot.a[e] === slot) {
          const a = this.ePosStart.a[e]!;
          const b = e + 1 < this.eWord.n ? this.ePosStart.a[e + 1]! : this.ePos.n;
          return a === b ? null : this.ePos.a.subarray(a, b);
        }
    return undefined;
  }
}
