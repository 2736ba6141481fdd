import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCsvBatches, type CsvShape } from './read-csv.js';
import { SheetRows } from './sheets.js';
import type { Cell } from './cells.js';

/*
 * Rows are read a batch at a time (one promise for many rows). What a row-at-a-time reader gave
 * must not change: every row once, in order, and a reader left early closes its file.
 */

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sheet-rows-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const csv: CsvShape = { encoding: 'utf-8', delimiter: ',', notes: [] };

async function all(rows: AsyncIterable<Cell[]>): Promise<Cell[][]> {
  const out: Cell[][] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('SheetRows', () => {
  it('gives every row once and in order, whether taken by row or by batch', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.array(fc.string(), { maxLength: 3 }), { maxLength: 5 }), {
          maxLength: 6,
        }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        async (batches, byRow) => {
          const expected = batches.flat();
          const rows = new SheetRows(
            (async function* () {
              yield* batches;
            })(),
          );
          const got: Cell[][] = [];
          for (const row of byRow) {
            if (row) {
              const next = await rows.row();
              if (next) got.push(next);
            } else got.push(...((await rows.batch()) ?? []));
          }
          got.push(...(await all(rows)));
          expect(got).toEqual(expected);
        },
      ),
    );
  });

  it('closes its reader when left early', async () => {
    let closed = false;
    const rows = new SheetRows(
      (async function* () {
        try {
          for (let i = 0; ; i += 1) yield [[String(i)]];
        } finally {
          closed = true;
        }
      })(),
    );
    for await (const row of rows) if (row[0] === '3') break;
    expect(closed).toBe(true);
  });
});

describe('readCsvBatches', () => {
  it('reads a file of many rows, quoted line breaks kept, in batches that add up to it', async () => {
    const file = path.join(dir, 'many.csv');
    const lines = Array.from({ length: 2_501 }, (_, i) => `P-${i},"line\nbreak ${i}",${i}`);
    await fs.writeFile(file, `\ufeffPart number,Name,Stock\r\n${lines.join('\r\n')}\r\n`);
    const sizes: number[] = [];
    const rows: Cell[][] = [];
    for await (const batch of readCsvBatches(file, csv, 'many.csv')) {
      sizes.push(batch.length);
      rows.push(...batch);
    }
    expect(rows).toHaveLength(2_502);
    expect(rows[0]).toEqual(['Part number', 'Name', 'Stock']);
    expect(rows[2_501]).toEqual(['P-2500', 'line\nbreak 2500', '2500']);
    expect(sizes.length).toBeLessThan(2_502);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
  });

  it('refuses malformed quotes with the line, after the rows before it', async () => {
    const file = path.join(dir, 'broken.csv');
    await fs.writeFile(file, 'Part number,Name\nA-1,fine\nA-2,"open\nA-3,x"y\n');
    const read = all(new SheetRows(readCsvBatches(file, csv, 'broken.csv')));
    await expect(read).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^broken\.csv cannot be read as CSV near line \d/),
    });
  });
});
