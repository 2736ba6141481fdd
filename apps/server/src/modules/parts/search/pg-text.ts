/**
 * PostgreSQL's text-search arithmetic, reproduced so the in-memory index answers exactly as the
 * database would: the stored `tsvector` (parsed from its text form), `ts_rank` with the default
 * weights and no normalisation (src/backend/utils/adt/tsrank.c, in single-precision floats as
 * there), and pg_trgm's word similarity (the typo correction's measure).
 */

const f32 = Math.fround;

/** One lexeme of a document: its positions and weights packed as PostgreSQL does (`weight << 14 | pos`). */
export type Lexeme = { word: string; pos: Uint16Array | null };

/** PostgreSQL's WordEntryPos: two weight bits (A=3 … D=0) above a 14-bit position. */
const MAXENTRYPOS = 1 << 14;
const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
/** ts_rank's default weights for D, C, B, A, as float4. */
const WEIGHTS = [f32(0.1), f32(0.2), f32(0.4), f32(1.0)];
const weightOf = (wep: number) => WEIGHTS[wep >> 14]!;
const posOf = (wep: number) => wep & (MAXENTRYPOS - 1);

/**
 * `'brake':3A,9 'ic-100001' 'pad':4A` → lexemes in the vector's own order (byte order).
 * Lexemes are quoted with '' for a quote and \\ for a backslash.
 */
export function parseTsvector(text: string): Lexeme[] {
  const out: Lexeme[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i += 1;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`unexpected tsvector text at ${i}`);
    i += 1;
    let word = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('unterminated lexeme');
      if (c === "'") {
        if (text[i + 1] === "'") {
          word += "'";
          i += 2;
          continue;
        }
        i += 1;
        break;
      }
      if (c === '\\') {
        word += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      word += c;
      i += 1;
    }
    let pos: Uint16Array | null = null;
    if (text[i] === ':') {
      i += 1;
      const list: number[] = [];
      for (;;) {
        let p = 0;
        while (i < n && text[i]! >= '0' && text[i]! <= '9') {
          p = p * 10 + text.charCodeAt(i) - 48;
          i += 1;
        }
        let w = 0;
        const letter = text[i];
        if (letter !== undefined && letter in WEIGHT_OF) {
          w = WEIGHT_OF[letter]!;
          i += 1;
        }
        list.push((w << 14) | p);
        if (text[i] === ',') i += 1;
        else break;
      }
      pos = Uint16Array.from(list);
    }
    out.push({ word, pos });
  }
  return out;
}

/** One operand of a query: a lexeme, prefix or not. */
export type QueryTerm = { word: string; prefix: boolean };

/**
 * The text form of a tsquery that is nothing but operands joined by `&` (`'ic' & '-100001'`,
 * `'pad':*`), as its operands in order; null for anything else (`|`, `!`, `<->`, weights), which
 * the caller leaves to the database. An empty text (stop words only) is an empty list.
 */
export function parseAndQuery(text: string): QueryTerm[] | null {
  const terms: QueryTerm[] = [];
  const re = /\s*'((?:[^'\\]|''|\\.)*)'(:\*)?\s*(&|$)/gy;
  if (text.trim() === '') return terms;
  let last: number;
  for (;;) {
    const m = re.exec(text);
    if (!m) return null;
    terms.push({
      word: m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'),
      prefix: Boolean(m[2]),
    });
    last = re.lastIndex;
    if (m[3] === '' || last >= text.length) break;
  }
  return last >= text.trimEnd().length ? terms : null;
}

/** PostgreSQL's tsCompareString for two whole strings (byte order, shorter first on a tie). */
export const compareLexemes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One document's entries for a query, as `ts_rank` reads them, without an object per entry:
 * operand by operand (sorted and de-duplicated, `sortedOperands`), each entry a range
 * `[a, b)` of a position array (`a === b`: a lexeme stored without positions). Reused for every
 * document a query scores.
 */
export class DocEntries {
  ops = 0;
  count = 0;
  /** Per operand, the end of its entries (they start where the previous operand's end). */
  opEnd = new Int32Array(8);
  src: Uint16Array[] = [];
  a = new Int32Array(64);
  b = new Int32Array(64);
  /** Per operand, the entry `calc_rank_and` compares against (its last one), or -1. */
  chosen = new Int32Array(8);

  /** Starts a document of `ops` operands. */
  reset(ops: number): void {
    if (ops > this.opEnd.length) {
      this.opEnd = new Int32Array(ops * 2);
      this.chosen = new Int32Array(ops * 2);
    }
    this.ops = ops;
    this.count = 0;
  }

  add(src: Uint16Array, a: number, b: number): void {
    if (this.count === this.a.length) {
      const grow = (x: Int32Array) => {
        const y = new Int32Array(x.length * 2);
        y.set(x);
        return y;
      };
      this.a = grow(this.a);
      this.b = grow(this.b);
    }
    this.src[this.count] = src;
    this.a[this.count] = a;
    this.b[this.count] = b;
    this.count += 1;
  }

  /** Closes operand `i` (its entries are those added since the previous operand closed). */
  endOperand(i: number): void {
    this.opEnd[i] = this.count;
  }
}

/**
 * `curw` of `calc_rank_and` for two entries' weights (2 bits each) and their distance (more
 * than 100 all alike), as float4: `sqrt(wpos(a) * wpos(b) * word_distance(dist))`.
 */
const PAIR = (() => {
  const table = new Float32Array(16 * 102);
  for (let wa = 0; wa < 4; wa += 1)
    for (let wb = 0; wb < 4; wb += 1)
      for (let d = 0; d <= 101; d += 1) {
        const wd = d > 100 ? f32(1e-30) : f32(1.0 / (1.005 + 0.05 * Math.exp(f32(d) / 1.5 - 2)));
        table[((wa << 2) | wb) * 102 + d] = f32(
          Math.sqrt(f32(f32(WEIGHTS[wa]! * WEIGHTS[wb]!) * wd)),
        );
      }
  return table;
})();

/** `calc_rank_or`, for every entry of every operand. */
function rankOr(d: DocEntries): number {
  let res = f32(0);
  const { src, a, b } = d;
  for (let e = 0; e < d.count; e += 1) {
    const pos = src[e]!;
    const from = a[e]!;
    const none = from === b[e]!;
    const dimt = none ? 1 : b[e]! - from;
    let resj = f32(0);
    let wjm = f32(-1);
    let jm = 0;
    for (let j = 0; j < dimt; j += 1) {
      // The dummy position of a lexeme without positions has weight D.
      const w = none ? WEIGHTS[0]! : weightOf(pos[from + j]!);
      resj = f32(resj + f32(w / f32((j + 1) * (j + 1))));
      if (w > wjm) {
        wjm = w;
        jm = j;
      }
    }
    const inner = f32(f32(wjm + resj) - f32(wjm / f32((jm + 1) * (jm + 1))));
    res = f32(res + inner / 1.64493406685);
  }
  if (d.ops > 0) res = f32(res / d.ops);
  return res;
}

/** The dummy position of a lexeme without positions: the last position, weight D. */
const POSNULL = MAXENTRYPOS - 1;

/** `calc_rank_and` for at least two operands. */
function rankAnd(d: DocEntries): number {
  let res = f32(-1);
  const { src, a, b, chosen, opEnd } = d;
  // A loop: `fill` on a few elements costs more than the whole rank of a short document.
  for (let i = 0; i < d.ops; i += 1) chosen[i] = -1;
  let e = 0;
  for (let i = 0; i < d.ops; i += 1) {
    for (; e < opEnd[i]!; e += 1) {
      chosen[i] = e;
      const postSrc = src[e]!;
      const postA = a[e]!;
      const postNull = postA === b[e]!;
      const postLen = postNull ? 1 : b[e]! - postA;
      for (let k = 0; k < i; k += 1) {
        const c = chosen[k]!;
        if (c < 0) continue;
        const ctSrc = src[c]!;
        const ctA = a[c]!;
        const ctNull = ctA === b[c]!;
        const ctLen = ctNull ? 1 : b[c]! - ctA;
        for (let l = 0; l < postLen; l += 1) {
          const pl = postNull ? POSNULL : postSrc[postA + l]!;
          for (let p = 0; p < ctLen; p += 1) {
            const pp = ctNull ? POSNULL : ctSrc[ctA + p]!;
            let dist = Math.abs(posOf(pl) - posOf(pp));
            if (dist || postNull || ctNull) {
              if (!dist) dist = MAXENTRYPOS;
              const curw =
                PAIR[(((pl >> 14) << 2) | (pp >> 14)) * 102 + (dist > 100 ? 101 : dist)]!;
              res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  }
  return res;
}

/**
 * `tsRank` of a one-operand query whose operand is one lexeme, the document's entry for it being
 * `pos[a..b)` (`a === b`: stored without positions): `calc_rank_or` for one entry.
 */
export function tsRankOne(pos: Uint16Array, a: number, b: number): number {
  const none = a === b;
  const dimt = none ? 1 : b - a;
  let resj = f32(0);
  let wjm = f32(-1);
  let jm = 0;
  for (let j = 0; j < dimt; j += 1) {
    const w = none ? WEIGHTS[0]! : weightOf(pos[a + j]!);
    resj = f32(resj + f32(w / f32((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  const inner = f32(f32(wjm + resj) - f32(wjm / f32((jm + 1) * (jm + 1))));
  const res = f32(f32(f32(0) + inner / 1.64493406685) / 1);
  return res < 0 ? f32(1e-20) : res;
}

/**
 * `tsRank` of a two-operand `&` query whose operands are one lexeme each, the document holding
 * both: `first` is the entry of the first sorted operand, `second` of the second
 * (`calc_rank_and` compares the second's positions against the first's).
 */
export function tsRankTwo(
  firstSrc: Uint16Array,
  firstA: number,
  firstB: number,
  secondSrc: Uint16Array,
  secondA: number,
  secondB: number,
): number {
  let res = f32(-1);
  const postNull = secondA === secondB;
  const postLen = postNull ? 1 : secondB - secondA;
  const ctNull = firstA === firstB;
  const ctLen = ctNull ? 1 : firstB - firstA;
  for (let l = 0; l < postLen; l += 1) {
    const pl = postNull ? POSNULL : secondSrc[secondA + l]!;
    for (let p = 0; p < ctLen; p += 1) {
      const pp = ctNull ? POSNULL : firstSrc[firstA + p]!;
      let dist = Math.abs(posOf(pl) - posOf(pp));
      if (dist || postNull || ctNull) {
        if (!dist) dist = MAXENTRYPOS;
        const curw = PAIR[(((pl >> 14) << 2) | (pp >> 14)) * 102 + (dist > 100 ? 101 : dist)]!;
        res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
      }
    }
  }
  return res < 0 ? f32(1e-20) : res;
}

/**
 * `ts_rank(vector, query)` for a query of operands joined by `&`, the document's entries in
 * `d`; `isAnd` when the query has more than one operand (its top node is then `&`).
 */
export function tsRank(d: DocEntries, isAnd: boolean): number {
  const res = isAnd && d.ops >= 2 ? rankAnd(d) : rankOr(d);
  return res < 0 ? f32(1e-20) : res;
}

/** The query's operands sorted as tsrank.c's SortAndUniqItems leaves them. */
export function sortedOperands(terms: QueryTerm[]): QueryTerm[] {
  const sorted = [...terms].sort((a, b) => compareLexemes(a.word, b.word));
  const out: QueryTerm[] = [];
  for (const t of sorted) if (out.length === 0 || out[out.length - 1]!.word !== t.word) out.push(t);
  return out;
}

// ---------------------------------------------------------------------------------------------
// pg_trgm

/** pg_trgm's trigrams of one word of ASCII letters and digits: `  w`, ` wo`, `wor`, …, `rd `. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
  return set;
}

/** `similarity(a, b)` for two trigram sets (float4, as pg_trgm's CALCSML). */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  const denominator = a.size + b.size - shared;
  return denominator === 0 ? 0 : f32(shared / denominator);
}

/** pg_trgm.similarity_threshold (a double): `a % b` holds when the float4 similarity reaches it. */
export const SIMILARITY_THRESHOLD = 0.3;
