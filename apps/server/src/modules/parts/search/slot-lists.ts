/**
 * A short list of integers per slot, all in one growable pool: a part's fitment rows and makes
 * without an array object per part (100,000 small arrays cost about 30 MB of heap; the pool
 * holds the same numbers in a few). A list that grows moves to the pool's end; the space it
 * leaves is reclaimed when it reaches half the pool.
 */
export class SlotLists {
  private start = new Int32Array(0);
  private len = new Int32Array(0);
  private pool = new Int32Array(1024);
  private used = 0;
  private garbage = 0;

  /** The pool (read `data[from(slot) + i]` for `i < length(slot)`; valid until the next `set`). */
  get data(): Int32Array {
    return this.pool;
  }
  from(slot: number): number {
    return this.start[slot] ?? 0;
  }
  length(slot: number): number {
    return this.len[slot] ?? 0;
  }

  set(slot: number, values: ArrayLike<number>): void {
    if (slot >= this.len.length) this.grow(slot + 1);
    const old = this.len[slot]!;
    if (values.length > old) {
      if (this.garbage + old > 4096 && this.garbage + old > this.used / 2) {
        this.len[slot] = 0;
        this.garbage += old;
        this.compact();
      } else this.garbage += old;
      this.reserve(values.length);
      this.start[slot] = this.used;
      this.used += values.length;
    } else this.garbage += old - values.length;
    this.pool.set(values, this.start[slot]!);
    this.len[slot] = values.length;
  }

  private grow(slots: number) {
    const cap = Math.max(1024, slots, this.len.length * 2);
    const start = new Int32Array(cap);
    start.set(this.start);
    const len = new Int32Array(cap);
    len.set(this.len);
    this.start = start;
    this.len = len;
  }

  private reserve(extra: number) {
    if (this.used + extra <= this.pool.length) return;
    const pool = new Int32Array(Math.max(this.pool.length * 2, this.used + extra));
    pool.set(this.pool.subarray(0, this.used));
    this.pool = pool;
  }

  /** Drops the room kept for growth (after the start-up load: lists rarely grow after it). */
  trim(): void {
    this.compact(1.125);
  }

  /** Moves every list to the front, in slot order, dropping the space of replaced ones. */
  private compact(room = 2) {
    const live = this.used - this.garbage;
    const pool = new Int32Array(Math.max(1024, Math.ceil(live * room)));
    let at = 0;
    for (let s = 0; s < this.len.length; s += 1) {
      const n = this.len[s]!;
      if (n === 0) continue;
      pool.set(this.pool.subarray(this.start[s]!, this.start[s]! + n), at);
      this.start[s] = at;
      at += n;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

/** A growable list of slots in a typed array (4 bytes a slot, where an array takes 8). */
export class IntList {
  a = new Int32Array(8);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n] = v;
    this.n += 1;
  }
  get last(): number | undefined {
    return this.n > 0 ? this.a[this.n - 1] : undefined;
  }
}
