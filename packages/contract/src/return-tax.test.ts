import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeReturnRefund, fitLineTaxes, returnedLineTaxCents } from './returns.js';
import { lineTaxCents, taxTakenBack } from './tax.js';

/**
 * Tax given back on returns (decision 065), over whole orders: random lines and rates, line
 * cancels before delivery, then returns (settled by card refund or credit note on account) mixed
 * with staff's own partial credit notes, each document built as the server builds it.
 */

type Line = { quantity: number; unitPriceCents: number; rateBp: number; taxCents: number };
/** A refund or credit note: its amount, the tax inside it and the net of goods it stands for. */
type Doc = { kind: string; amountCents: number; taxCents: number; netCents: number };

const orderLine = fc
  .record({
    quantity: fc.integer({ min: 1, max: 30 }),
    unitPriceCents: fc.integer({ min: 1, max: 500_000 }),
    rateBp: fc.constantFrom(0, 500, 700, 825, 1000, 1900, 2000, 2500),
  })
  .map((l) => ({ ...l, taxCents: lineTaxCents(l.quantity * l.unitPriceCents, l.rateBp) }));

const step = fc.oneof(
  fc.record({
    kind: fc.constant('return' as const),
    picks: fc.array(
      fc.record({ line: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
      { minLength: 1, maxLength: 4 },
    ),
    feeBp: fc.constantFrom(0, 1000, 1500, 2500),
    waived: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

function run(
  lines: Line[],
  canceled: Set<number>,
  mode: 'card' | 'account',
  steps: (typeof step extends fc.Arbitrary<infer S> ? S : never)[],
) {
  const docs: Doc[] = [];
  const live = lines.map((l, i) => ({ ...l, canceled: canceled.has(i) }));
  // Line cancels before delivery: the order's gross and tax fall by the line's; a card buyer gets
  // the line's gross with its tax back.
  let orderTotal = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents + l.taxCents, 0);
  let orderTax = lines.reduce((s, l) => s + l.taxCents, 0);
  for (const l of live.filter((x) => x.canceled)) {
    orderTotal -= l.quantity * l.unitPriceCents + l.taxCents;
    orderTax -= l.taxCents;
    if (mode === 'card')
      docs.push({
        kind: 'cancel',
        amountCents: l.quantity * l.unitPriceCents + l.taxCents,
        taxCents: l.taxCents,
        netCents: l.quantity * l.unitPriceCents,
      });
  }
  const invoice = { amountCents: orderTotal, creditedCents: 0, taxCredited: 0 };
  const returned = live.map(() => ({ quantity: 0, taxCents: 0 }));
  let returnsAmount = 0;
  let returnsTax = 0;
  for (const s of steps) {
    if (s.kind === 'credit') {
      if (mode !== 'account') continue;
      const open = invoice.amountCents - invoice.creditedCents;
      const amountCents = Math.floor(open * s.share);
      if (amountCents <= 0) continue;
      const taxCents = taxTakenBack(
        { grossCents: invoice.amountCents, taxCents: orderTax },
        { grossCents: invoice.creditedCents, taxCents: invoice.taxCredited },
        amountCents,
      );
      invoice.creditedCents += amountCents;
      invoice.taxCredited += taxCents;
      docs.push({ kind: 'credit', amountCents, taxCents, netCents: amountCents - taxCents });
      continue;
    }
    const chosen = new Map<number, number>();
    for (const p of s.picks) {
      const i = p.line % live.length;
      const l = live[i]!;
      if (l.canceled || chosen.has(i)) continue;
      const left = l.quantity - returned[i]!.quantity;
      const q = Math.floor(left * p.share);
      if (q > 0) chosen.set(i, q);
    }
    if (chosen.size === 0) continue;
    const picked = [...chosen.entries()];
    const lineTax = picked.map(([i, q]) => returnedLineTaxCents(live[i]!, returned[i]!, q));
    const paid =
      mode === 'account'
        ? { paidCents: invoice.amountCents, earlierCents: invoice.creditedCents }
        : { paidCents: orderTotal, earlierCents: returnsAmount };
    const refund = computeReturnRefund({
      lines: picked.map(([i, q], k) => ({
        acceptedQuantity: q,
        unitPriceCents: live[i]!.unitPriceCents,
        taxCents: lineTax[k]!,
      })),
      feeBp: s.feeBp,
      waived: s.waived,
      ...paid,
      taxLeftCents: Math.max(0, orderTax - (mode === 'account' ? invoice.taxCredited : returnsTax)),
    });
    const taxCents = refund.taxCents;
    if (mode === 'account' && refund.amountCents > 0) {
      // issueCreditNote with the exact tax, checked against what the invoice has left.
      expect(taxCents).toBe(
        Math.max(0, Math.min(taxCents, refund.amountCents, orderTax - invoice.taxCredited)),
      );
      invoice.creditedCents += refund.amountCents;
      invoice.taxCredited += taxCents;
    }
    const kept = fitLineTaxes(lineTax, taxCents);
    picked.forEach(([i, q], k) => {
      returned[i]!.quantity += q;
      returned[i]!.taxCents += kept[k]!;
    });
    returnsAmount += refund.amountCents;
    returnsTax += taxCents;
    expect(kept.reduce((a, b) => a + b, 0)).toBe(taxCents);
    // Nothing capped it: exactly the accepted pieces' tax, and net is gross less the fee.
    if (taxCents === lineTax.reduce((a, b) => a + b, 0))
      picked.forEach(([i], k) => {
        const l = live[i]!;
        const upTo = returned[i]!.quantity;
        const before = returned[i]!.taxCents - kept[k]!;
        expect(kept[k]).toBe(
          Math.floor((l.taxCents * upTo * 2 + l.quantity) / (2 * l.quantity)) - before,
        );
      });
    docs.push({
      kind: 'return',
      amountCents: refund.amountCents,
      taxCents,
      netCents: refund.amountCents - taxCents,
    });
    // The net part is the accepted pieces less the fee, or less when capped by what was paid.
    expect(refund.amountCents - taxCents).toBeLessThanOrEqual(refund.grossCents - refund.feeCents);
  }
  return { docs, returned, live, orderTax };
}

describe('tax given back on returns', () => {
  it('never gives back more tax than was charged, per line and per order; each document adds up', () => {
    fc.assert(
      fc.property(
        fc.array(orderLine, { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { maxLength: 6 }),
        fc.constantFrom('card' as const, 'account' as const),
        fc.array(step, { maxLength: 12 }),
        (lines, cancels, mode, steps) => {
          const canceled = new Set(cancels.flatMap((c, i) => (c && i < lines.length ? [i] : [])));
          const charged = lines.reduce((s, l) => s + l.taxCents, 0);
          const { docs, returned, live } = run(lines, canceled, mode, steps);
          // Tax given back with the pieces of a line never exceeds its tax; with every piece of
          // every line back and no other credit, exactly the order's tax came back.
          for (const d of docs) {
            expect(Number.isSafeInteger(d.amountCents)).toBe(true);
            expect(d.taxCents).toBeGreaterThanOrEqual(0);
            expect(d.taxCents).toBeLessThanOrEqual(d.amountCents);
            expect(d.netCents).toBeGreaterThanOrEqual(0);
            expect(d.netCents + d.taxCents).toBe(d.amountCents);
          }
          expect(docs.reduce((s, d) => s + d.taxCents, 0)).toBeLessThanOrEqual(charged);
          returned.forEach((r, i) => {
            expect(r.taxCents).toBeLessThanOrEqual(live[i]!.taxCents);
            expect(r.quantity).toBeLessThanOrEqual(live[i]!.quantity);
          });
          const allBack = live.every((l, i) => l.canceled || returned[i]!.quantity === l.quantity);
          const uncapped = docs.every((d) => d.kind !== 'credit');
          // On account a canceled line lowers the invoice rather than making a document.
          const onInvoice =
            charged -
            (mode === 'account' ? live.reduce((s, l) => s + (l.canceled ? l.taxCents : 0), 0) : 0);
          if (allBack && uncapped) expect(docs.reduce((s, d) => s + d.taxCents, 0)).toBe(onInvoice);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives back exactly each line's tax once every piece came back, in any number of returns", () => {
    fc.assert(
      fc.property(
        orderLine,
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }),
        (line, parts) => {
          let given = { quantity: 0, taxCents: 0 };
          for (const p of [...parts, line.quantity]) {
            const q = Math.min(p, line.quantity - given.quantity);
            if (q <= 0) break;
            const tax = returnedLineTaxCents(line, given, q);
            expect(tax).toBeGreaterThanOrEqual(0);
            given = { quantity: given.quantity + q, taxCents: given.taxCents + tax };
          }
          expect(given.quantity).toBe(line.quantity);
          expect(given.taxCents).toBe(line.taxCents);
        },
      ),
    );
  });

  it('takes the tax of a piece as its share of the line, rounded half up', () => {
    // 3 × $12.34 at 8.25%: $3.05 of tax; one piece is $1.0167 → $1.02, two $2.0333 → $2.03.
    const line = { quantity: 3, taxCents: 305 };
    expect(returnedLineTaxCents(line, { quantity: 0, taxCents: 0 }, 1)).toBe(102);
    expect(returnedLineTaxCents(line, { quantity: 1, taxCents: 102 }, 1)).toBe(101);
    expect(returnedLineTaxCents(line, { quantity: 2, taxCents: 203 }, 1)).toBe(102);
    expect(returnedLineTaxCents(line, { quantity: 0, taxCents: 0 }, 0)).toBe(0);
    expect(
      returnedLineTaxCents({ quantity: 3, taxCents: 0 }, { quantity: 0, taxCents: 0 }, 2),
    ).toBe(0);
    expect(fitLineTaxes([100, 50, 20], 120)).toEqual([100, 20, 0]);
    expect(fitLineTaxes([100, 50], 500)).toEqual([100, 50]);
  });

  it('adds the tax to the amount and caps it by the tax left on the order', () => {
    const r = computeReturnRefund({
      lines: [{ acceptedQuantity: 2, unitPriceCents: 1234, taxCents: 203 }],
      feeBp: 1500,
      waived: false,
      paidCents: 10_000,
      earlierCents: 0,
      taxLeftCents: 150,
    });
    // $24.68 less 15% ($3.70): $20.98 net, tax capped at $1.50.
    expect(r).toEqual({
      grossCents: 2468,
      feeCents: 370,
      taxCents: 150,
      coreCents: 0,
      amountCents: 2248,
    });
  });
});
