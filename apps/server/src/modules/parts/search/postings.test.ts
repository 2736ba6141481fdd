import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PositionStarts } from './postings.js';

describe('position starts', () => {
  it('give every entry the start and count the plain starts give, long lists included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 250, max: 256 })), {
          maxLength: 200,
        }),
        (lens) => {
          const starts = new Uint32Array(lens.length + 1);
          lens.forEach((len, k) => (starts[k + 1] = starts[k]! + len));
          const packed = PositionStarts.of(starts);
          lens.forEach((len, k) => {
            expect(packed.len(k)).toBe(len);
            expect(packed.start(k)).toBe(starts[k]);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
