import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotLists } from './slot-lists.js';

const read = (lists: SlotLists, slot: number) =>
  Array.from(lists.data.subarray(lists.from(slot), lists.from(slot) + lists.length(slot)));

describe('slot lists', () => {
  it('hold what was last set for every slot, through growth, moves and compaction', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3000 }),
            fc.array(fc.integer({ min: -5, max: 1_000_000 }), { maxLength: 12 }),
          ),
          { maxLength: 3000 },
        ),
        (writes) => {
          const lists = new SlotLists();
          const expected = new Map<number, number[]>();
          for (const [slot, values] of writes) {
            lists.set(slot, values);
            expected.set(slot, values);
          }
          for (const [slot, values] of expected) expect(read(lists, slot)).toEqual(values);
          expect(lists.length(5000)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reclaims the space of lists that moved', () => {
    const lists = new SlotLists();
    for (let round = 1; round <= 40; round += 1)
      for (let slot = 0; slot < 500; slot += 1)
        lists.set(
          slot,
          Array.from({ length: round % 7 }, (_, i) => slot * 10 + i),
        );
    for (let slot = 0; slot < 500; slot += 1)
      expect(read(lists, slot)).toEqual(Array.from({ length: 40 % 7 }, (_, i) => slot * 10 + i));
    // 500 lists of at most 6 numbers: compaction keeps the pool near that, not 40 rounds' worth.
    expect(lists.data.length).toBeLessThanOrEqual(16_384);
  });
});
