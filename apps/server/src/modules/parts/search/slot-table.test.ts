import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotsByKey, SlotTable } from './slot-table.js';

describe('slot table', () => {
  it('answers as a Map does through sets, replacements, removals and growth', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('set', 'delete-own', 'delete-other'),
            fc.integer({ min: 0, max: 400 }),
          ),
          { maxLength: 4000 },
        ),
        (ops) => {
          // Slot s has key `k${s % 97}`: several slots share a key, as retired parts do.
          const keyOf = (s: number) => `k${s % 97}`;
          const table = new SlotTable(keyOf);
          const map = new Map<string, number>();
          for (const [op, slot] of ops) {
            const key = keyOf(slot);
            if (op === 'set') {
              table.set(key, slot);
              map.set(key, slot);
            } else {
              const target = op === 'delete-own' ? (map.get(key) ?? slot) : slot + 97;
              table.delete(key, target);
              if (map.get(key) === target) map.delete(key);
            }
          }
          for (let k = 0; k < 97; k += 1) expect(table.get(`k${k}`)).toBe(map.get(`k${k}`));
          expect(table.size).toBe(map.size);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds 100,000 keys and finds each', () => {
    const ids = Array.from(
      { length: 100_000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const table = new SlotTable((s) => ids[s]!);
    ids.forEach((id, s) => table.set(id, s));
    for (let s = 0; s < ids.length; s += 7) expect(table.get(ids[s]!)).toBe(s);
    expect(table.get('00000000-0000-4000-8000-999999999999')).toBeUndefined();
    for (let s = 0; s < ids.length; s += 2) table.delete(ids[s]!, s);
    expect(table.size).toBe(50_000);
    expect(table.get(ids[4]!)).toBeUndefined();
    expect(table.get(ids[5]!)).toBe(5);
  });
});

describe('slots by key', () => {
  it('lists each live slot under each of its keys, as a reference does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 4 }), { maxLength: 1500 }),
        fc.array(fc.nat(), { maxLength: 1500 }),
        (keysPerSlot, removals) => {
          const keys = keysPerSlot.map((ks) => ks.map((k) => `OEM${k}`));
          const table = new SlotsByKey(
            (s) => keys[s]!,
            (s, key) => keys[s]!.includes(key),
          );
          const live = new Set<number>();
          keys.forEach((_, s) => {
            table.add(s);
            live.add(s);
          });
          for (const r of removals) {
            const s = r % Math.max(1, keys.length);
            if (!live.has(s)) continue;
            table.remove(s);
            live.delete(s);
          }
          for (let k = 0; k <= 60; k += 1) {
            const key = `OEM${k}`;
            const expected = [...live].filter((s) => keys[s]!.includes(key));
            expect(table.get(key).sort((a, b) => a - b)).toEqual(expected);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
