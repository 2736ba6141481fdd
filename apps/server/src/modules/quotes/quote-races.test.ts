import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse, QuoteResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { expireQuotes } from './quote-expiry.js';
import { quotes } from './quotes.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const shipTo = { street: '12 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' };
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const mail = { publicUrl: 'http://localhost:3000', brandName: 'Test shop' };

describe('quotes under concurrency', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 10_000, valueCents: 1e13 },
  });
  let staff: Person;
  let buyer: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    buyer = await customer(ctx.app);
  });

  /** A quote for `lines`, offered at the given unit prices (cents), valid for a week. */
  async function offered(lines: { partId: string; quantity: number; cents: number }[]) {
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: buyer.auth,
      payload: { lines: lines.map((l) => ({ partId: l.partId, quantity: l.quantity })) },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json<QuoteResponse>();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/quotes/${quote.id}/offer`,
      headers: staff.auth,
      payload: {
        basedOn: 0,
        validUntil: inAWeek(),
        lines: lines.map((l) => ({
          partId: l.partId,
          quantity: l.quantity,
          unitPrice: l.cents / 100,
        })),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return quote;
  }

  const accept = (id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${id}/accept`,
      headers: buyer.auth,
      payload: { version: 1, shipTo, phone: '0123456789' },
    });

  it('turns 20 concurrent accepts into one order, reserving the stock once', async () => {
    const a = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 1000 });
    const b = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 1000 });
    const quote = await offered([
      { partId: b.id, quantity: 7, cents: 1234 },
      { partId: a.id, quantity: 5, cents: 999 },
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => accept(quote.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = new Set(answers.map((r) => r.json<OrderResponse>()._id));
    expect(ids.size).toBe(1);
    const placed = await ctx.database.db.select().from(orders).where(eq(orders.quoteId, quote.id));
    expect(placed).toHaveLength(1);
    const levels = await ctx.database.db
      .select({ id: parts.id, available: parts.availableQuantity })
      .from(parts)
      .where(sql`${parts.id} in (${a.id}, ${b.id})`);
    expect(Object.fromEntries(levels.map((l) => [l.id, l.available]))).toEqual({
      [a.id]: 995,
      [b.id]: 993,
    });
  });

  it('keeps one offer when staff send ten from the same version at once', async () => {
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 50 });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: buyer.auth,
      payload: { lines: [{ partId: part.id, quantity: 4 }] },
    });
    const id = asked.json<QuoteResponse>().id;
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/staff/quotes/${id}/offer`,
          headers: staff.auth,
          payload: {
            basedOn: 0,
            validUntil: inAWeek(),
            lines: [{ partId: part.id, quantity: 4, unitPrice: 10 + i }],
          },
        }),
      ),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${id}`,
      headers: buyer.auth,
    });
    const quote = seen.json<QuoteResponse>();
    expect(quote).toMatchObject({ status: 'offered', version: 1 });
    expect(quote.versions.map((v) => v.version)).toEqual([0, 1]);
    expect(quote.history.map((h) => h.to)).toEqual(['requested', 'offered']);
  });

  it('lets an accept and the expiry job race: one of them wins, never both', async () => {
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 1,
      availableQuantity: 100_000,
    });
    const outcomes = { accepted: 0, expired: 0 };
    for (let round = 0; round < 12; round += 1) {
      const quote = await offered([{ partId: part.id, quantity: 3, cents: 500 }]);
      // The offer runs out a few milliseconds from now, while both are under way.
      await ctx.database.db
        .update(quotes)
        .set({ validUntil: new Date(Date.now() + (round % 4) * 3) })
        .where(eq(quotes.id, quote.id));
      const [answer] = await Promise.all([
        accept(quote.id),
        expireQuotes(ctx.database.db, mail),
        expireQuotes(ctx.database.db, mail),
      ]);
      await expireQuotes(ctx.database.db, mail);
      const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
      const placed = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.quoteId, quote.id));
      if (row!.status === 'accepted') {
        outcomes.accepted += 1;
        expect(answer.statusCode).toBe(201);
        expect(placed).toHaveLength(1);
        expect(row!.orderId).toBe(placed[0]!.id);
      } else {
        outcomes.expired += 1;
        expect(row!.status).toBe('expired');
        expect(answer.statusCode).toBe(409);
        expect(placed).toHaveLength(0);
      }
    }
    expect(outcomes.accepted + outcomes.expired).toBe(12);
  });

  it("makes a quote's order total equal to its quoted lines, whatever the prices and ladders", async () => {
    const pool = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 1_000_000 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            part: fc.integer({ min: 0, max: pool.length - 1 }),
            quantity: fc.integer({ min: 1, max: 500 }),
            cents: fc.integer({ min: 1, max: 100_000_000 }),
          }),
          { minLength: 1, maxLength: 6, selector: (l) => l.part },
        ),
        fc.integer({ min: 1, max: 10_000 }),
        async (lines, listCents) => {
          // The catalog price and a ladder say otherwise: the quote's prices hold.
          for (const l of lines)
            await ctx.database.db
              .update(parts)
              .set({ priceCents: listCents, tierQuantities: [2], tierCents: [1] })
              .where(eq(parts.id, pool[l.part]!.id));
          const quote = await offered(
            lines.map((l) => ({ partId: pool[l.part]!.id, quantity: l.quantity, cents: l.cents })),
          );
          const res = await accept(quote.id);
          expect(res.statusCode, res.body).toBe(201);
          const order = res.json<OrderResponse>();
          const expected = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
          const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
          expect(row!.totalCents).toBe(expected);
          const stored = await ctx.database.db
            .select()
            .from(orderLines)
            .where(eq(orderLines.orderId, order._id));
          expect(
            Object.fromEntries(stored.map((l) => [l.partId, [l.quantity, l.unitPriceCents]])),
          ).toEqual(
            Object.fromEntries(lines.map((l) => [pool[l.part]!.id, [l.quantity, l.cents]])),
          );
          const seen = await ctx.app.inject({
            method: 'GET',
            url: `/api/quotes/${quote.id}`,
            headers: buyer.auth,
          });
          expect(Math.round(seen.json<QuoteResponse>().total! * 100)).toBe(expected);
        },
      ),
      { numRuns: 15, seed: 20261124 },
    );
  });
});
