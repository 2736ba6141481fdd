import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogPage,
  CatalogQuery,
  HOME_PARTS,
  PartListResponse,
  PartPageResponse,
  SuggestResponse,
  VehicleListResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { parts } from './parts.tables.js';
import { catalogFacets } from './catalog.service.js';

const six = {
  name: 'Plain Part From The Spec Form',
  description: 'Added with the six fields of the specification only.',
  mOrderQuantity: 2,
  availableQuantity: 40,
  price: 9.5,
  url: 'https://example.com/p.png',
};

describe('catalog: part data, search, facets, vehicles, part pages, edits', () => {
  const ctx = useTestApp();
  let boss: Awaited<ReturnType<typeof admin>>;
  const ids = {} as Record<'pads' | 'disc' | 'filter' | 'plain' | 'archived', string>;

  const add = async (body: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  const search = async (query: string) => {
    const res = await ctx.app.inject(`/api/catalog?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return CatalogPage.parse(res.json());
  };

  beforeAll(async () => {
    boss = await admin(ctx.app, ctx.database.db);
    ids.pads = await add({
      ...six,
      name: 'Ceramic Brake Pad Set',
      description: 'Low-dust ceramic pads for daily drivers.',
      price: 34.5,
      sku: 'BRK-1001',
      category: 'brakes',
      oemNumbers: ['0 986 494 524', '04465-02220'],
      specs: [{ name: 'Width', value: '131 mm' }],
      fitment: [
        { make: 'Toyota', model: 'Corolla', yearFrom: 2013, yearTo: 2019 },
        { make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021 },
      ],
    });
    ids.disc = await add({
      ...six,
      name: 'Vented Brake Disc',
      description: 'Curved vanes keep the pads cool.',
      price: 58.9,
      sku: 'BRK-2002',
      category: 'brakes',
      fitment: [{ make: 'Volkswagen', model: 'Golf', yearFrom: 2012, yearTo: 2020 }],
    });
    ids.filter = await add({
      ...six,
      name: 'Spin-On Oil Filter',
      description: 'Synthetic pleated medium.',
      price: 6.9,
      sku: 'FLT-3003',
      category: 'filters',
      availableQuantity: 2,
      mOrderQuantity: 2,
      fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2008, yearTo: 2012 }],
    });
    ids.plain = await add(six);
    ids.archived = await add({ ...six, name: 'Withdrawn Brake Caliper', category: 'brakes' });
    await ctx.database.db
      .update(parts)
      .set({ archivedAt: new Date() })
      .where(eq(parts.id, ids.archived));
    ctx.app.storefront.guards.forget();
  });

  it("accepts the spec's six fields alone: a generated part number, category uncategorised", async () => {
    const page = PartPageResponse.parse(
      (await ctx.app.inject(`/api/catalog/parts/${ids.plain}`)).json(),
    );
    expect(page.part.sku).toMatch(/^IC-\d+$/);
    expect(page.part.category).toBe('uncategorised');
    expect(page.part.fitment).toEqual([]);
  });

  it('sends a search answer compressed to a browser that accepts it, and plain otherwise', async () => {
    const plain = await ctx.app.inject('/api/catalog?pageSize=48');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.body;
    expect(body.length).toBeGreaterThan(1024);
    const res = await ctx.app.inject({
      url: '/api/catalog?pageSize=48',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(body);
    expect(res.rawPayload.length).toBeLessThan(body.length / 2);
  });

  it('finds a part by name with a typo, ranked, and leaves archived parts out', async () => {
    // The disc's description mentions pads too: the name weighs more.
    const page = await search('q=brak%20pads');
    expect(page.items.map((p) => p._id)).toEqual([ids.pads, ids.disc]);
    const brakes = await search('q=brake');
    expect(brakes.items.map((p) => p._id).sort()).toEqual([ids.pads, ids.disc].sort());
    expect(brakes.items.map((p) => p.name)).not.toContain('Withdrawn Brake Caliper');
  });

  it('names the part when the text is exactly its part number or an OEM number', async () => {
    expect((await search('q=brk-1001')).exactMatch).toEqual({ id: ids.pads, sku: 'BRK-1001' });
    expect((await search('q=0986494524')).exactMatch?.id).toBe(ids.pads);
    expect((await search('q=04465-02220')).exactMatch?.id).toBe(ids.pads);
    expect((await search('q=brake')).exactMatch).toBeNull();
    // A piece of a part number finds it too.
    expect((await search('q=3003')).items.map((p) => p._id)).toEqual([ids.filter]);
  });

  it('counts each filter value with the other filters applied', async () => {
    const all = await search('');
    expect(all.total).toBe(4);
    expect(all.facets.categories).toEqual(
      expect.arrayContaining([
        { value: 'brakes', label: 'Brakes', count: 2 },
        { value: 'filters', label: 'Filters', count: 1 },
      ]),
    );
    expect(all.facets.makes.find((m) => m.value === 'Toyota')?.count).toBe(2);
    const brakes = await search('category=brakes');
    expect(brakes.total).toBe(2);
    // The category facet still shows the other categories, to switch to.
    expect(brakes.facets.categories.find((c) => c.value === 'filters')?.count).toBe(1);
    expect(brakes.facets.makes.map((m) => m.value).sort()).toEqual([
      'Honda',
      'Toyota',
      'Volkswagen',
    ]);
    const cheap = await search('maxPrice=10');
    expect(cheap.items.map((p) => p._id).sort()).toEqual([ids.filter, ids.plain].sort());
    expect(cheap.facets.prices[0]).toMatchObject({ label: 'Under $10', count: 2 });
  });

  it('counts a part out of stock once its stock is below one order, and in again when restocked', async () => {
    const inStock = async () =>
      (await catalogFacets(ctx.database.db, CatalogQuery.parse({}), null)).facets.inStock;
    const before = await inStock();
    const setStock = (availableQuantity: number) =>
      ctx.database.db.update(parts).set({ availableQuantity }).where(eq(parts.id, ids.filter));
    await setStock(1);
    expect(await inStock()).toBe(before - 1);
    await setStock(2);
    expect(await inStock()).toBe(before);
  });

  it('keeps only the parts that fit a vehicle, and marks cards against one', async () => {
    const corolla2015 = await search('make=Toyota&model=Corolla&year=2015');
    expect(corolla2015.items.map((p) => p._id)).toEqual([ids.pads]);
    expect(corolla2015.items[0]?.fits).toBe(true);
    expect(corolla2015.facets.models).toEqual([{ value: 'Corolla', label: 'Corolla', count: 1 }]);
    const marked = await search('category=brakes&fitsMake=Toyota&fitsModel=Corolla&fitsYear=2015');
    const fits = Object.fromEntries(marked.items.map((p) => [p._id, p.fits]));
    expect(fits).toEqual({ [ids.pads]: true, [ids.disc]: false });
    expect((await search('category=brakes')).items.every((p) => p.fits === null)).toBe(true);
  });

  it('pages and sorts on the server', async () => {
    const first = await search('sort=price-asc&pageSize=2');
    expect(first.pageCount).toBe(2);
    expect(first.items.map((p) => p.price)).toEqual([6.9, 9.5]);
    const second = await search('sort=price-asc&pageSize=2&page=2');
    expect(second.items.map((p) => p.price)).toEqual([34.5, 58.9]);
    expect((await search('inStock=true')).items.map((p) => p._id)).toContain(ids.filter);
    expect((await search('q=zzzzqqq')).items).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const query of [
      'page=0',
      'pageSize=1000',
      'category=tyres',
      'year=1800',
      `q=${'x'.repeat(200)}`,
      'sort=best',
    ]) {
      const res = await ctx.app.inject(`/api/catalog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });

  it('reads any text as words, never as query syntax', async () => {
    for (const q of [
      "' or 1=1 --",
      'a:* | !b & (c',
      '%_\\',
      'ÄÖÜ straße',
      '<->',
      '12 & 3',
      '"brake pad"',
    ]) {
      const res = await ctx.app.inject(`/api/catalog?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      const s = await ctx.app.inject(`/api/catalog/suggest?q=${encodeURIComponent(q)}`);
      expect(s.statusCode, q).toBe(200);
    }
    expect((await search(`q=${encodeURIComponent('"brake pad"')}`)).items[0]?._id).toBe(ids.pads);
  });

  it('suggests parts while typing, the last word as a prefix', async () => {
    const res = await ctx.app.inject('/api/catalog/suggest?q=ceramic%20bra');
    const body = SuggestResponse.parse(res.json());
    expect(body.items.map((s) => s.sku)).toEqual(['BRK-1001']);
    const exact = SuggestResponse.parse(
      (await ctx.app.inject('/api/catalog/suggest?q=FLT-3003')).json(),
    );
    expect(exact.exactMatch?.id).toBe(ids.filter);
  });

  it('lists the vehicles the catalog covers', async () => {
    const list = VehicleListResponse.parse((await ctx.app.inject('/api/catalog/vehicles')).json());
    expect(list.map((m) => m.make)).toEqual(['Honda', 'Toyota', 'Volkswagen']);
    expect(list.find((m) => m.make === 'Toyota')?.models).toEqual([
      { model: 'Corolla', yearFrom: 2008, yearTo: 2019 },
    ]);
  });

  it('serves a part page by id or part number, and 404 for archived or unknown parts', async () => {
    const bySku = PartPageResponse.parse(
      (await ctx.app.inject('/api/catalog/parts/brk-1001')).json(),
    );
    expect(bySku.part._id).toBe(ids.pads);
    expect(bySku.part.oemNumbers).toEqual(['0986494524', '0446502220']);
    expect(bySku.part.specs).toEqual([{ name: 'Width', value: '131 mm' }]);
    expect(bySku.part.fitment).toHaveLength(2);
    for (const ref of [ids.archived, 'NOPE-1', encodeURIComponent('\u00e9')]) {
      expect((await ctx.app.inject(`/api/catalog/parts/${ref}`)).statusCode).toBe(404);
    }
    expect((await ctx.app.inject(`/api/parts/${ids.archived}`)).statusCode).toBe(404);
  });

  it("bounds the spec's list to the home page's nine, pages the rest and counts them", async () => {
    for (let i = 0; i < HOME_PARTS; i += 1) await add({ ...six, name: `Filler ${i}` });
    const res = await ctx.app.inject('/api/parts');
    const list = PartListResponse.parse(res.json());
    expect(list).toHaveLength(HOME_PARTS);
    expect(res.headers['x-total-count']).toBe(String(4 + HOME_PARTS));
    expect(res.headers.link).toContain('page=2');
    const rest = PartListResponse.parse((await ctx.app.inject('/api/parts?page=2')).json());
    expect(rest).toHaveLength(4);
    expect([...list, ...rest].map((p) => p._id)).not.toContain(ids.archived);
    expect((await ctx.app.inject('/api/parts?limit=500')).statusCode).toBe(400);
  });

  describe('editing a part (PUT /api/parts/{id})', () => {
    const edit = (id: string, payload: unknown, headers = boss.auth) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/parts/${id}`,
        headers,
        payload: payload as object,
      });

    it('is for admins only, checked before the body is read', async () => {
      const shopper = await customer(ctx.app);
      expect(
        (await ctx.app.inject({ method: 'PUT', url: `/api/parts/${ids.disc}`, payload: {} }))
          .statusCode,
      ).toBe(401);
      expect((await edit(ids.disc, { nonsense: true }, shopper.auth)).statusCode).toBe(403);
    });

    it('changes details and catalog fields, never stock, and writes the audit log in the same step', async () => {
      const before = PartPageResponse.parse(
        (await ctx.app.inject(`/api/catalog/parts/${ids.disc}`)).json(),
      ).part;
      const res = await edit(ids.disc, {
        name: 'Vented Brake Disc 300 mm',
        description: before.description,
        mOrderQuantity: 4,
        price: 61,
        url: before.url,
        sku: 'BRK-2002X',
        category: 'brakes',
        oemNumbers: ['1K0615301AA'],
        specs: [{ name: 'Diameter', value: '300 mm' }],
        fitment: [{ make: 'Audi', model: 'A3', yearFrom: 2013, yearTo: 2020 }],
        availableQuantity: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = PartPageResponse.parse(
        (await ctx.app.inject('/api/catalog/parts/BRK-2002X')).json(),
      ).part;
      expect(after).toMatchObject({
        name: 'Vented Brake Disc 300 mm',
        price: 61,
        mOrderQuantity: 4,
      });
      expect(after.availableQuantity).toBe(before.availableQuantity);
      // A vehicle given without position or note has them blank.
      expect(after.fitment).toEqual([
        { make: 'Audi', model: 'A3', yearFrom: 2013, yearTo: 2020, position: '', note: '' },
      ]);
      // The cache was cleared: search sees the new name and the new vehicle.
      expect((await search('q=300%20mm%20disc')).items.map((p) => p._id)).toEqual([ids.disc]);
      expect((await search('make=Audi')).items.map((p) => p._id)).toEqual([ids.disc]);
      // And the make counts follow the new fitment: Audi in, Volkswagen (the old one) out.
      const makes = (await search('')).facets.makes;
      expect(makes.find((m) => m.value === 'Audi')?.count).toBe(1);
      expect(makes.find((m) => m.value === 'Volkswagen')).toBeUndefined();
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, ids.disc));
      expect(audit.map((a) => a.action)).toEqual(['part.create', 'part.edit']);
      expect(audit[1]?.summary).toContain('price');
    });

    it('refuses a part number another part has (409), bad fields (400) and unknown parts (404)', async () => {
      const valid = { ...six, sku: 'brk-1001' };
      const clash = await edit(ids.plain, valid);
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ error: 'SKU_TAKEN' });
      expect((await edit(ids.plain, { ...six, price: -1 })).statusCode).toBe(400);
      expect(
        (
          await edit(ids.plain, {
            ...six,
            fitment: [{ make: 'A', model: 'B', yearFrom: 2020, yearTo: 2010 }],
          })
        ).statusCode,
      ).toBe(400);
      expect((await edit(ids.archived, six)).statusCode).toBe(404);
      expect((await edit('not-an-id', six)).statusCode).toBe(404);
      const [count] = (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from audit_log where action = 'part.edit'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(count?.n).toBe(1);
    });
  });

  it('lists every live part in sitemap.xml, and robots.txt points to it', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    for (const id of [ids.pads, ids.disc, ids.filter, ids.plain])
      expect(res.body).toContain(`/parts/${id}</loc>`);
    expect(res.body).not.toContain(ids.archived);
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${ctx.config.publicUrl}/sitemap.xml`);
  });

  it("remembers a signed-in customer's vehicle on the account", async () => {
    const shopper = await customer(ctx.app);
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/my-vehicle', headers: shopper.auth });
    expect((await get()).json()).toEqual({ vehicle: null });
    const vehicle = { make: 'Toyota', model: 'Corolla', year: 2015 };
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/my-vehicle',
      headers: shopper.auth,
      payload: { vehicle },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get()).json()).toEqual({ vehicle });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my-vehicle' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/my-vehicle',
      headers: shopper.auth,
      payload: { vehicle: { make: 'X' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives each fitting card its rows for the vehicle, with position and note, whether the index or the database answers', async () => {
    const struts = await add({
      ...six,
      name: 'Gas Strut Pair',
      sku: 'SUS-4004',
      category: 'suspension',
      fitment: [
        { make: 'Mazda', model: '3', yearFrom: 2014, yearTo: 2018, position: 'Rear' },
        {
          make: 'Mazda',
          model: '3',
          yearFrom: 2014,
          yearTo: 2018,
          position: 'Front',
          note: 'Not for sport suspension',
        },
        { make: 'Mazda', model: '6', yearFrom: 2013, yearTo: 2017, position: 'Front' },
      ],
    });
    const front = {
      make: 'Mazda',
      model: '3',
      yearFrom: 2014,
      yearTo: 2018,
      position: 'Front',
      note: 'Not for sport suspension',
    };
    const rear = { ...front, position: 'Rear', note: '' };
    // Marked against the visitor's vehicle: the fitting card has its rows, the others none.
    const marked = await search('category=suspension&fitsMake=Mazda&fitsModel=3&fitsYear=2016');
    const card = marked.items.find((p) => p._id === struts);
    expect(card?.fits).toBe(true);
    expect(card?.vehicleFitment).toEqual([front, rear]);
    // Filtered by the whole vehicle; and with a word the index leaves to the database (not ASCII).
    for (const query of [
      'make=Mazda&model=3&year=2016',
      `q=${encodeURIComponent('strut –')}&make=Mazda&model=3&year=2016`,
    ])
      expect((await search(query)).items.map((p) => p.vehicleFitment)).toEqual([[front, rear]]);
    // A year the part does not fit: no rows; no vehicle: no list at all.
    const other = await search('category=suspension&fitsMake=Mazda&fitsModel=3&fitsYear=2020');
    expect(other.items.find((p) => p._id === struts)?.vehicleFitment).toEqual([]);
    expect((await search('category=suspension')).items[0]).not.toHaveProperty('vehicleFitment');
  });
});
