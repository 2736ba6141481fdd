import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  linesCsv,
  parseQuickOrder,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_ROWS,
  quickOrderCsv,
  readQuantity,
  safeCsvCell,
  type ParsedQuickRow,
} from './quick-order-parse.js';
import { QuickOrderBody } from './quick-order.js';

const rowsOf = (text: string): ParsedQuickRow[] => {
  const parsed = parseQuickOrder(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
};
const brief = (text: string) =>
  rowsOf(text).map((r) => [r.partNumber, r.quantity, r.reference, r.status]);

describe('parseQuickOrder', () => {
  it('reads every way buyers write a line, one row per line, with its line number', () => {
    const text = [
      'IC-100001\t10',
      'ic-100002,20',
      'IC-100003;30',
      '  IC-100004   40  ',
      '50 x IC-100005',
      '60x IC-100006',
      'IC-100007,"1,000"',
      'IC-100008,1,000',
      'IC-100009\t2 000\tJob card 7',
      '04E 115 561 H 12',
      'IC-100010;7;Front axle',
    ].join('\r\n');
    expect(brief(`\ufeff${text}`)).toEqual([
      ['IC-100001', 10, '', 'OK'],
      ['ic-100002', 20, '', 'OK'],
      ['IC-100003', 30, '', 'OK'],
      ['IC-100004', 40, '', 'OK'],
      ['IC-100005', 50, '', 'OK'],
      ['IC-100006', 60, '', 'OK'],
      ['IC-100007', 1000, '', 'OK'],
      ['IC-100008', 1000, '', 'OK'],
      ['IC-100009', 2000, 'Job card 7', 'OK'],
      ['04E 115 561 H', 12, '', 'OK'],
      ['IC-100010', 7, 'Front axle', 'OK'],
    ]);
    expect(rowsOf('\n\nA1 2\n\nB2 3').map((r) => r.line)).toEqual([3, 5]);
  });

  it('takes a CSV with a header, its columns in any order', () => {
    expect(brief('sku,quantity,reference\nIC-1,5,Van 3\nIC-2,"1,200",')).toEqual([
      ['IC-1', 5, 'Van 3', 'OK'],
      ['IC-2', 1200, '', 'OK'],
    ]);
    expect(brief('Qty;Part number\n4;AB-9')).toEqual([['AB-9', 4, '', 'OK']]);
  });

  it('says in words what is wrong with a row', () => {
    const rows = rowsOf(
      ['IC-1', 'IC-2 lots', 'IC-3 2.5', 'IC-4 0', 'IC-5 99999999999999999999', ',5', '<b> 3'].join(
        '\n',
      ),
    );
    expect(rows.map((r) => [r.status, r.message])).toEqual([
      ['NO_QUANTITY', 'No quantity given.'],
      ['NOT_A_NUMBER', 'lots is not a number.'],
      ['NOT_A_NUMBER', '2.5 is not a whole number of pieces.'],
      ['NOT_A_NUMBER', 'The quantity must be at least 1.'],
      [
        'NOT_A_NUMBER',
        '99999999999999999999 is more than 1,000,000 pieces, the most a line holds.',
      ],
      ['NO_PART_NUMBER', 'No part number on this line.'],
      [
        'BAD_PART_NUMBER',
        'This is not a part number: part numbers hold letters, digits, dashes, dots and slashes.',
      ],
    ]);
    expect(rowsOf(`A1,2,${'r'.repeat(65)}`)[0]?.status).toBe('REFERENCE_TOO_LONG');
  });

  it('refuses more than 500 rows or 256 KB as a whole, in words', () => {
    const many = Array.from({ length: QUICK_ORDER_MAX_ROWS + 1 }, (_, i) => `A${i} 1`).join('\n');
    expect(parseQuickOrder(many)).toMatchObject({ ok: false, error: 'TOO_MANY_ROWS' });
    expect(
      parseQuickOrder(Array.from({ length: QUICK_ORDER_MAX_ROWS }, () => 'A1 1').join('\n')).ok,
    ).toBe(true);
    expect(parseQuickOrder(`A1 1\n${'x'.repeat(QUICK_ORDER_MAX_BYTES)}`)).toMatchObject({
      ok: false,
      error: 'TOO_LARGE',
      message: expect.stringContaining('256 KB'),
    });
    expect(parseQuickOrder(' \n\t\n')).toMatchObject({ ok: false, error: 'EMPTY' });
  });

  it('reads quantities as buyers write them', () => {
    expect(
      ['12', '+3', '1,000', '1 000', "1'000", '12.0', '12,0', '007'].map(
        (q) => readQuantity(q).quantity,
      ),
    ).toEqual([12, 3, 1000, 1000, 1000, 12, 12, 7]);
    expect(['1.5', '-4', '1e3', '0x10', '', '1.000'].map((q) => readQuantity(q).quantity)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  const separator = fc.constantFrom('\t', ',', ';', ' ', '  ', ' \t ');
  const lineEnd = fc.constantFrom('\n', '\r\n', '\r', '\n\n');
  const junk = fc.constantFrom('\u0000', '\ufeff', '\ud800', '\udfff', '"', '\u202e', '=', '');
  const sku = fc.stringMatching(/^[A-Z][A-Z0-9-]{1,12}$/);

  it('keeps what a well-formed row says, whatever mix of separators and line ends (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(sku, fc.integer({ min: 1, max: 999 }), separator, lineEnd), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.boolean(),
        (lines, bom) => {
          const text =
            (bom ? '\ufeff' : '') +
            lines.map(([s, q, sep, end]) => `${s}${sep}${q}${end}`).join('');
          const rows = rowsOf(text);
          expect(rows.map((r) => [r.partNumber, r.quantity])).toEqual(
            lines.map(([s, q]) => [s, q]),
          );
        },
      ),
    );
  });

  it('answers any text at all with rows or one refusal, never an exception (property)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      junk,
      separator,
      lineEnd,
      sku,
      fc.bigInt({ min: 0n, max: 10n ** 400n }).map(String),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const parsed = parseQuickOrder(pieces.join(''));
        if (parsed.ok) {
          for (const row of parsed.rows) {
            expect(row.status === 'OK' || row.message.length > 0).toBe(true);
            // Nothing the database cannot store reaches it.
            expect(row.partNumber + row.reference).not.toMatch(
              // eslint-disable-next-line no-control-regex
              /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
            );
            if (row.quantity !== null) expect(Number.isSafeInteger(row.quantity)).toBe(true);
          }
        } else expect(parsed.message.length).toBeGreaterThan(0);
      }),
    );
  });

  it('reads back its own CSV as it was, formulas made safe in the file', () => {
    const rows = [
      { partNumber: 'IC-1', quantity: '5', reference: '=HYPERLINK("x")' },
      { partNumber: 'IC-2', quantity: '1000', reference: 'a, "b"' },
    ];
    const csv = quickOrderCsv(rows);
    expect(csv.split('\r\n')[1]).toBe(`IC-1,5,"'=HYPERLINK(""x"")"`);
    expect(brief(csv)).toEqual([
      ['IC-1', 5, '=HYPERLINK("x")', 'OK'],
      ['IC-2', 1000, 'a, "b"', 'OK'],
    ]);
    expect(['+1', '-1', '@a', 'ok'].map(safeCsvCell)).toEqual(["'+1", "'-1", "'@a", 'ok']);
  });

  it('the body takes text or rows, and nothing else', () => {
    expect(QuickOrderBody.safeParse({ text: 'A1 2' }).success).toBe(true);
    expect(QuickOrderBody.safeParse({ rows: [{ partNumber: 'A1', quantity: 2 }] }).success).toBe(
      true,
    );
    expect(QuickOrderBody.safeParse({ rows: [] }).success).toBe(false);
    expect(QuickOrderBody.safeParse({ text: 5 }).success).toBe(false);
  });

  it('reads back its own export as the same lines, formula-safe cells and quotes included', () => {
    const line = fc.record({
      sku: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,20}$/),
      quantity: fc.integer({ min: 1, max: 1_000_000 }),
      reference: fc
        .oneof(
          fc.stringMatching(/^[ -~]{0,64}$/),
          fc.constantFrom('=SUM(A1)', "'=1+1", "''@x", '+44 20', '-5', 'say "hi", ok', "'plain"),
        )
        .map((r) => r.trim()),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), (lines) => {
        const csv = linesCsv(lines);
        const parsed = parseQuickOrder(csv);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(
          parsed.rows.map((r) => ({
            sku: r.partNumber,
            quantity: r.quantity,
            reference: r.reference,
          })),
        ).toEqual(lines);
        // Nothing a spreadsheet would run: every cell that could start a formula starts with '.
        const cells = csv
          .split('\r\n')
          .flatMap((row) => [...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!))
          .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
        for (const cell of cells) expect(/^[=+\-@]/.test(cell), cell).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
