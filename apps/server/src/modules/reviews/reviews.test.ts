import { beforeAll, describe, expect, it } from 'vitest';
import { ReviewListResponse, ReviewResponse, messages } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart, insertReview } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { transitionOrder } from '../orders/order-status.js';

describe('reviews API', () => {
  const ctx = useTestApp();

  it('lists reviews newest first with the rating as text', async () => {
    await insertReview(ctx.database.db, {
      name: 'Older',
      rating: 3,
      createdAt: new Date('2026-01-01'),
    });
    await insertReview(ctx.database.db, {
      name: 'Newer',
      rating: 5,
      verifiedBuyer: true,
      createdAt: new Date('2026-02-01'),
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const list = ReviewListResponse.parse(res.json());
    expect(list.map((r) => r.name)).toEqual(['Newer', 'Older']);
    expect(list[0]).toMatchObject({ rating: '5', verifiedBuyer: true });
    expect(list[1]).toMatchObject({ rating: '3', verifiedBuyer: false });
  });

  it('never exposes who wrote a review beyond the display name', async () => {
    await insertReview(ctx.database.db, { authorEmail: 'secret@example.com' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.body).not.toContain('secret@example.com');
  });
});

describe('posting a review', () => {
  const ctx = useTestApp();
  let writer: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    writer = await customer(ctx.app);
  });
  const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/reviews', headers, payload });

  it("signs the review with the author's current name, never the body's", async () => {
    const me = await customer(ctx.app, { name: 'Old Name' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: me.auth,
      payload: { name: 'Current Name' },
    });
    const res = await post(me.auth, { name: 'The CEO', description: 'Solid pads', rating: '4' });
    expect(res.statusCode).toBe(201);
    expect(ReviewResponse.parse(res.json())).toEqual({
      _id: expect.any(String),
      name: 'Current Name',
      description: 'Solid pads',
      rating: '4',
      verifiedBuyer: false,
    });
    const list = ReviewListResponse.parse((await ctx.app.inject('/api/reviews')).json());
    expect(list[0]).toMatchObject({ name: 'Current Name', description: 'Solid pads' });
    expect(JSON.stringify(list)).not.toContain('The CEO');
  });

  it('marks a verified buyer only once an order of theirs is paid', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: me.auth,
      payload: { partId: part.id, minimum: 10, address: '1 Main St', phone: '5550100' },
    });
    const orderId = (placed.json() as { _id: string })._id;
    const unpaid = await post(me.auth, { description: 'Before paying', rating: 5 });
    expect(unpaid.json()).toMatchObject({ verifiedBuyer: false });

    await transitionOrder(ctx.database.db, orderId, ['unpaid'], 'paid', { actor: 'system' });
    // One review of the shop per customer: this one replaces the first.
    const paid = await post(me.auth, { description: 'After paying', rating: 5 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ verifiedBuyer: true });

    const stranger = await customer(ctx.app);
    const other = await post(stranger.auth, { description: 'Never bought', rating: 1 });
    expect(other.json()).toMatchObject({ verifiedBuyer: false });
  });

  it.each([
    [{ description: '', rating: '5' }, messages.reviewRequired],
    [{ rating: '5' }, messages.reviewRequired],
    [{ description: 'Fine', rating: '' }, messages.ratingRequired],
    [{ description: 'Fine' }, messages.ratingRequired],
    [{ description: 'Fine', rating: '7' }, 'Rating must be a whole number from 1 to 5'],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await post(writer.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message });
  });

  it('needs a key', async () => {
    const res = await post({}, { description: 'Anonymous', rating: '5' });
    expect(res.statusCode).toBe(401);
  });
});
