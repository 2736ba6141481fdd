import { describe, expect, it } from 'vitest';
import { parseEntries } from './fixed-prices';

describe('fixed prices pasted as lines', () => {
  it('reads part number, from quantity and price, or part number and price, in any separator', () => {
    expect(parseEntries('IC-1002, 10, 41.20\nIC-1003\t$7.90\n\nIC-1004;5;3')).toEqual({
      entries: [
        { partNumber: 'IC-1002', minQuantity: 10, price: 41.2 },
        { partNumber: 'IC-1003', minQuantity: 1, price: 7.9 },
        { partNumber: 'IC-1004', minQuantity: 5, price: 3 },
      ],
      unread: [],
    });
  });

  it('names every line it cannot read, by its number', () => {
    const { entries, unread } = parseEntries('IC-1, 2.5, 4\nIC-2\n, 3\nIC-3, ten, 4');
    expect(entries).toEqual([]);
    expect(unread).toEqual([
      'Line 1: "IC-1, 2.5, 4"',
      'Line 2: "IC-2"',
      'Line 3: ", 3"',
      'Line 4: "IC-3, ten, 4"',
    ]);
  });
});
