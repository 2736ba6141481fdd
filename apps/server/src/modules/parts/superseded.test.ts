import { describe, expect, it } from 'vitest';
import { CatalogPage, PartResponse, SuggestResponse } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { scaled } from '../../test/time.js';

/**
 * Superseded numbers (issue 22): staff record the older numbers of ours a part replaces; the part
 * page says so, and search (from memory and in the database), the suggestions and the part page's
 * address find the part by an old number. A number still in use cannot be recorded.
 */
describe.each([
  ['the search index', true],
  ['the database', false],
])('superseded numbers, searched by %s', (_name, searchIndex) => {
  const ctx = useTestApp({ authRateLimit: false, searchIndex });
  const stamp = Date.now().toString(36).toUpperCase();
  const body = (sku: string, supersededNumbers: string[] = []) => ({
    name: `Wheel bearing ${sku}`,
    description: 'Sealed wheel bearing kit with hub nut and circlip, for the front axle. '.repeat(
      2,
    ),
    mOrderQuantity: 4,
    availableQuantity: 80,
    price: 42,
    url: '/images/parts/wheel-bearing.svg',
    sku,
    supersededNumbers,
  });

  it('finds the part by an old number everywhere, and refuses a number still in use', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/parts', headers: boss.auth, payload });
    const old = `WB-${stamp}`;
    const created = await post(body(`WB-${stamp}-B`, [old.toLowerCase()]));
    expect(created.statusCode, created.body).toBe(201);
    const part = PartResponse.parse(created.json());

    const page = await ctx.app.inject(`/api/catalog/parts/${old}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ part: { _id: string; supersededNumbers: string[] } }>().part).toMatchObject({
      _id: part._id,
      supersededNumbers: [old],
    });
    // Search catches up within its poll (50 ms in tests).
    await expect
      .poll(
        async () =>
          CatalogPage.parse((await ctx.app.inject(`/api/catalog?q=${old}`)).json()).exactMatch?.id,
        { timeout: scaled(5_000) },
      )
      .toBe(part._id);
    const suggested = SuggestResponse.parse(
      (await ctx.app.inject(`/api/catalog/suggest?q=${old.toLowerCase()}`)).json(),
    );
    expect(suggested.exactMatch?.id).toBe(part._id);

    // A current number cannot be recorded as replaced, this part's own included.
    const clash = await post(body(`WB-${stamp}-C`, [`WB-${stamp}-B`]));
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ fields: Record<string, string> }>().fields.supersededNumbers).toContain(
      'current part number',
    );
    const own = await post(body(`WB-${stamp}-D`, [`WB-${stamp}-D`]));
    expect(own.statusCode).toBe(409);
  });
});
