import { describe, expect, it } from 'vitest';
import { DESCRIPTION_PREVIEW_LENGTH, PartListResponse, PartResponse } from '@storefront/contract';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

describe('catalog API', () => {
  const ctx = useTestApp();

  it('lists parts in the API shape, with money in dollars from integer cents', async () => {
    const part = await insertPart(ctx.database.db, {
      name: 'Brake pad',
      price: 34.5,
      minOrderQuantity: 20,
      availableQuantity: 1200,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/parts' });
    expect(res.statusCode).toBe(200);
    const list = PartListResponse.parse(res.json());
    const found = list.find((p) => p._id === part.id);
    expect(found).toEqual({
      _id: part.id,
      name: 'Brake pad',
      description: part.description,
      mOrderQuantity: 20,
      availableQuantity: 1200,
      price: 34.5,
      url: '/images/parts/oil-filter.svg',
    });
  });

  it('returns one part by id', async () => {
    const part = await insertPart(ctx.database.db, { price: 0.99 });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(res.statusCode).toBe(200);
    const body = PartResponse.parse(res.json());
    expect(body._id).toBe(part.id);
    expect(body.price).toBe(0.99);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
    ['a long id', 'x'.repeat(90)],
  ])('answers 404 JSON for %s, never 500', async (_label, id) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/parts/${encodeURIComponent(id)}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Part not found' });
  });

  it('answers an absurdly long id with a JSON 414, not a crash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/parts/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('keeps descriptions whole: the 250-character preview is the client’s job', async () => {
    const long = 'A'.repeat(DESCRIPTION_PREVIEW_LENGTH + 100);
    const part = await insertPart(ctx.database.db, { description: long });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(PartResponse.parse(res.json()).description).toHaveLength(
      DESCRIPTION_PREVIEW_LENGTH + 100,
    );
  });

  it('refuses writes it does not offer', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/parts' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
