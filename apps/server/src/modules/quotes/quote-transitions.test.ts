import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuoteResponse, QuoteStatus } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.tables.js';
import { expireQuotes } from './quote-expiry.js';
import { quotes } from './quotes.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
type Action = 'accept' | 'reject' | 'revision' | 'offer' | 'decline' | 'expire';
const shipTo = { street: '12 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' };
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const mail = { publicUrl: 'http://localhost:3000', brandName: 'Test shop' };

/** What each action leads to from each state; a state missing from an action's row is refused. */
const allowed: Record<Action, Partial<Record<QuoteStatus, QuoteStatus>>> = {
  accept: { offered: 'accepted', accepted: 'accepted' },
  reject: { offered: 'rejected' },
  revision: { offered: 'revision_requested' },
  offer: { requested: 'offered', offered: 'offered', revision_requested: 'offered' },
  decline: { requested: 'declined', offered: 'declined', revision_requested: 'declined' },
  expire: { offered: 'expired' },
};
const STATES: QuoteStatus[] = [
  'requested',
  'offered',
  'revision_requested',
  'accepted',
  'rejected',
  'declined',
  'expired',
];

describe('the quote transition table', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 10_000, valueCents: 1e13 },
  });
  let staff: Person;
  let buyer: Person;
  let partId: string;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    buyer = await customer(ctx.app);
    partId = (await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 1e6 }))
      .id;
  });

  const post = (who: Person, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: who.auth, payload });
  const offerBody = (basedOn: number) => ({
    basedOn,
    lines: [{ partId, quantity: 2, unitPrice: 3 }],
    validUntil: inAWeek(),
  });
  const row = async (id: string) =>
    (await ctx.database.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;

  /** A quote brought to `state` through the routes (and the job, for expired). */
  async function quoteIn(state: QuoteStatus): Promise<string> {
    const asked = await post(buyer, '/api/quotes', { lines: [{ partId, quantity: 2 }] });
    const id = asked.json<QuoteResponse>().id;
    const step = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBeLessThan(300);
    };
    if (state === 'requested') return id;
    if (state === 'declined') {
      await step(post(staff, `/api/staff/quotes/${id}/decline`, {}));
      return id;
    }
    await step(post(staff, `/api/staff/quotes/${id}/offer`, offerBody(0)));
    if (state === 'revision_requested')
      await step(post(buyer, `/api/quotes/${id}/revision`, { version: 1 }));
    if (state === 'rejected') await step(post(buyer, `/api/quotes/${id}/reject`, { version: 1 }));
    if (state === 'accepted')
      await step(post(buyer, `/api/quotes/${id}/accept`, { version: 1, shipTo, phone: '01234' }));
    if (state === 'expired') {
      await ctx.database.db
        .update(quotes)
        .set({ validUntil: new Date(Date.now() - 1000) })
        .where(eq(quotes.id, id));
      await expireQuotes(ctx.database.db, mail);
    }
    expect((await row(id)).status).toBe(state);
    return id;
  }

  async function act(action: Action, id: string) {
    const now = await row(id);
    const version = Math.max(1, now.version);
    switch (action) {
      case 'accept':
        return (await post(buyer, `/api/quotes/${id}/accept`, { version, shipTo, phone: '01234' }))
          .statusCode;
      case 'reject':
      case 'revision':
        return (await post(buyer, `/api/quotes/${id}/${action}`, { version })).statusCode;
      case 'offer':
        return (await post(staff, `/api/staff/quotes/${id}/offer`, offerBody(now.version)))
          .statusCode;
      case 'decline':
        return (await post(staff, `/api/staff/quotes/${id}/decline`, { message: 'No' })).statusCode;
      case 'expire': {
        // Every quote's date in the past: only an offer expires.
        await ctx.database.db
          .update(quotes)
          .set({ validUntil: new Date(Date.now() - 1000) })
          .where(eq(quotes.id, id));
        const expired = await expireQuotes(ctx.database.db, mail);
        return expired > 0 ? 200 : 409;
      }
    }
  }

  for (const state of STATES)
    it(`from ${state}: allows only the flow's moves and refuses the rest with 409`, async () => {
      for (const action of Object.keys(allowed) as Action[]) {
        const id = await quoteIn(state);
        const ordersBefore = (await ctx.database.db.select().from(orders)).length;
        const status = await act(action, id);
        const to = allowed[action][state];
        const after = await row(id);
        if (to === undefined) {
          expect(status, `${action} from ${state}`).toBe(409);
          expect(after.status, `${action} from ${state}`).toBe(state);
        } else {
          expect(status, `${action} from ${state}`).toBeLessThan(300);
          expect(after.status, `${action} from ${state}`).toBe(to);
        }
        // Only a first accept makes an order.
        const made = (await ctx.database.db.select().from(orders)).length - ordersBefore;
        expect(made, `${action} from ${state}`).toBe(
          action === 'accept' && state === 'offered' ? 1 : 0,
        );
      }
    });
});
