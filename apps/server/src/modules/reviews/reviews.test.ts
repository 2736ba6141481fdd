import { describe, expect, it } from 'vitest';
import { ReviewListResponse } from '@storefront/contract';
import { insertReview } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

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
