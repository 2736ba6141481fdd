/**
 * A map from a string key to one slot, as an open-addressing hash table of slots: the keys are
 * not stored, `keyOf(slot)` gives a slot's key back (the index keeps ids and part numbers per
 * slot anyway). 100,000 entries cost 1 to 2 MB here against about 8 MB in a `Map`.
 */
export class SlotTable {
  /** Slot + 1 per cell; 0 empty, -1 a removed entry (probing walks past it). */
  private cells = new Int32Array(1024);
  private used = 0;
  private count = 0;

  constructor(private readonly keyOf: (slot: number) => string) {}

  get size(): number {
    return this.count;
  }

  get(key: string): number | undefined {
    const mask = this.cells.length - 1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const c = this.cells[i]!;
      if (c === 0) return undefined;
      if (c > 0 && this.keyOf(c - 1) === key) return c - 1;
    }
  }

  /** Maps `key` (the key of `slot`) to `slot`, replacing the slot it had. */
  set(key: string, slot: number): void {
    if ((this.used + 1) * 2 > this.cells.length) this.resize();
    const mask = this.cells.length - 1;
    let free = -1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const c = this.cells[i]!;
      if (c === 0) {
        if (free < 0) {
          free = i;
          this.used += 1;
        }
        this.cells[free] = slot + 1;
        this.count += 1;
        return;
      }
      if (c < 0) {
        if (free < 0) free = i;
      } else if (this.keyOf(c - 1) === key) {
        this.cells[i] = slot + 1;
        return;
      }
    }
  }

  /** Removes `key` if it maps to `slot`. */
  delete(key: string, slot: number): void {
    const mask = this.cells.length - 1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const c = this.cells[i]!;
      if (c === 0) return;
      if (c === slot + 1) {
        this.cells[i] = -1;
        this.count -= 1;
        return;
      }
    }
  }

  /** Twice the entries' room, removed cells dropped (keys read back with `keyOf`). */
  private resize() {
    const old = this.cells;
    let size = 1024;
    while (size < (this.count + 1) * 4) size *= 2;
    this.cells = new Int32Array(size);
    this.used = 0;
    this.count = 0;
    const mask = size - 1;
    for (const c of old) {
      if (c <= 0) continue;
      let i = hash(this.keyOf(c - 1)) & mask;
      while (this.cells[i] !== 0) i = (i + 1) & mask;
      this.cells[i] = c;
      this.used += 1;
      this.count += 1;
    }
  }
}

/** FNV-1a over UTF-16 code units, mixed so that nearby keys spread over the table. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * Slots by each of their keys, several slots per key (OEM numbers: most parts have one or two,
 * and two parts may share one). Kept like `SlotTable`: slots in an open-addressing table, the
 * keys read back from the slot (`keysOf`), so no string or array per entry.
 */
export class SlotsByKey {
  private cells = new Int32Array(1024);
  private used = 0;
  private count = 0;

  /**
   * @param keysOf A slot's keys (read when it is added, removed or the table grows).
   * @param has Whether a slot has this key (read for every candidate of a lookup: no garbage).
   */
  constructor(
    private readonly keysOf: (slot: number) => readonly string[],
    private readonly has: (slot: number, key: string) => boolean,
  ) {}

  get size(): number {
    return this.count;
  }

  /** The slots listing `key`, in the order they were added. */
  get(key: string): number[] {
    const found: number[] = [];
    const mask = this.cells.length - 1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const c = this.cells[i]!;
      if (c === 0) return found;
      // A slot's cell for another of its keys may lie in this key's run: list it once.
      if (c > 0 && this.has(c - 1, key) && !found.includes(c - 1)) found.push(c - 1);
    }
  }

  /** Lists the slot under each of its keys (call once per slot). */
  add(slot: number): void {
    const keys = new Set(this.keysOf(slot));
    if ((this.used + keys.size) * 2 > this.cells.length) this.resize(keys.size);
    for (const key of keys) this.place(key, slot);
  }

  /** Unlists the slot under every key it has. */
  remove(slot: number): void {
    const mask = this.cells.length - 1;
    for (const key of this.keysOf(slot))
      // Every cell of the slot in this key's run: the slot's cell for another key may lie in it,
      // and is then removed here rather than left behind.
      for (let i = hash(key) & mask; this.cells[i] !== 0; i = (i + 1) & mask)
        if (this.cells[i] === slot + 1) {
          this.cells[i] = -1;
          this.count -= 1;
        }
  }

  private place(key: string, slot: number) {
    const mask = this.cells.length - 1;
    let i = hash(key) & mask;
    while (this.cells[i]! > 0) i = (i + 1) & mask;
    if (this.cells[i] === 0) this.used += 1;
    this.cells[i] = slot + 1;
    this.count += 1;
  }

  /** Room for twice the entries and `extra` more, removed cells dropped. */
  private resize(extra: number) {
    const slots = this.cells
      .filter((c) => c > 0)
      .sort()
      .filter((c, i, all) => i === 0 || all[i - 1] !== c);
    let size = 1024;
    while (size < (this.count + extra) * 4) size *= 2;
    this.cells = new Int32Array(size);
    this.used = 0;
    this.count = 0;
    for (const c of slots) for (const key of new Set(this.keysOf(c - 1))) this.place(key, c - 1);
  }
}
