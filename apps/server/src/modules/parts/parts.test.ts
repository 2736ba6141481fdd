import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  PartListResponse,
  PartResponse,
  messages,
} from '@storefront/contract';
import { admin as adminUser, customer } from '../../test/accounts.js';
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
      // Sold one by one with no maximum unless staff say otherwise.
      packSize: 1,
      maxOrderQuantity: null,
      // One price unless staff give volume prices.
      priceTiers: [],
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

describe('adding a part', () => {
  const ctx = useTestApp();
  let shopper: Awaited<ReturnType<typeof customer>>;
  let admin: typeof shopper;
  beforeAll(async () => {
    shopper = await customer(ctx.app);
    admin = await adminUser(ctx.app, ctx.database.db);
  });
  const newPart = {
    name: 'Radiator hose',
    description: 'Reinforced EPDM hose for the upper radiator connection.',
    mOrderQuantity: '40',
    availableQuantity: '900',
    price: '7.25',
    url: 'https://img.example.com/hose.png',
  };
  const add = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/parts', headers, payload });

  it('needs a key (401) and an admin (403), and adds nothing otherwise', async () => {
    expect((await add({}, newPart)).statusCode).toBe(401);
    const res = await add(shopper.auth, newPart);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'FORBIDDEN', message: 'Only admins can do this' });
    // Refused before validation: a non-admin learns nothing about the body.
    expect((await add(shopper.auth, {})).statusCode).toBe(403);
    const list = PartListResponse.parse((await ctx.app.inject('/api/parts')).json());
    expect(list.some((p) => p.name === newPart.name)).toBe(false);
  });

  it('lets an admin add a part that then appears in the catalog', async () => {
    const res = await add(admin.auth, newPart);
    expect(res.statusCode).toBe(201);
    const created = PartResponse.parse(res.json());
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Radiator hose',
      description: newPart.description,
      mOrderQuantity: 40,
      availableQuantity: 900,
      price: 7.25,
      url: newPart.url,
      // The spec's six fields alone: sold one by one, no maximum.
      packSize: 1,
      maxOrderQuantity: null,
      priceTiers: [],
    });
    const list = PartListResponse.parse((await ctx.app.inject('/api/parts')).json());
    expect(list).toContainEqual(created);
  });

  it.each([
    ['name', messages.partNameRequired],
    ['description', messages.descriptionRequired],
    ['mOrderQuantity', messages.minimumOrderQuantityRequired],
    ['availableQuantity', messages.availableQuantityRequired],
    ['price', messages.priceRequired],
    ['url', messages.imageUrlRequired],
  ])('answers 400 with the spec message when %s is empty', async (field, message) => {
    const res = await add(admin.auth, { ...newPart, [field]: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message,
      fields: { [field]: message },
    });
  });

  it('refuses nonsense numbers and script URLs', async () => {
    for (const patch of [
      { price: '-3' },
      { mOrderQuantity: '2.5' },
      { availableQuantity: '10' },
      { url: 'javascript:alert(1)' },
    ]) {
      expect((await add(admin.auth, { ...newPart, ...patch })).statusCode).toBe(400);
    }
  });
});

describe('catalog cache', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('answers 304 to a browser that already has this version of the list and of a part', async () => {
    const part = await insertPart(ctx.database.db);
    for (const url of ['/api/parts', `/api/parts/${part.id}`]) {
      const first = await ctx.app.inject({ method: 'GET', url });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });
});

describe('catalog cache invalidation', () => {
  // A long time to live: only invalidation can make the new stock show.
  const ctx = useTestApp({ authRateLimit: false, catalogCacheSeconds: 600 });

  it('shows new stock at once after an order and after a cancel on this instance', async () => {
    const { customer } = await import('../../test/accounts.js');
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 5, availableQuantity: 100 });
    const stock = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json<{
        availableQuantity: number;
      }>().availableQuantity;
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/parts' }))
        .json<{ _id: string; availableQuantity: number }[]>()
        .find((p) => p._id === part.id)?.availableQuantity;
    expect(await stock()).toBe(100);
    expect(await listed()).toBe(100);
    const buyer = await customer(ctx.app);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase/',
      headers: buyer.auth,
      payload: { partId: part.id, minimum: 30, address: 'A', phone: '0123456789' },
    });
    expect(placed.statusCode).toBe(201);
    expect(await stock()).toBe(70);
    expect(await listed()).toBe(70);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed.json<{ _id: string }>()._id}`,
      headers: buyer.auth,
    });
    expect(await stock()).toBe(100);
  });
});
