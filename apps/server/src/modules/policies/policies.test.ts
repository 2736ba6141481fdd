import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_STORAGE,
  PAGE_SLUGS,
  type PageResponse,
  type PageVersion,
  type StaffOverview,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { caller, shipTo } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { orders } from '../orders/orders.tables.js';

describe('shop pages', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    seller: { address: '1 Forge Lane\nSheffield S1 2AB', taxId: 'GB 111 2222 33' },
  });

  it('ships every page as a template to adapt; the privacy notice names its cookies', async () => {
    const call = caller(ctx.app);
    for (const slug of PAGE_SLUGS) {
      const res = await call(null, 'GET', `/api/pages/${slug}`);
      expect(res.statusCode).toBe(200);
      const page = res.json<PageResponse>();
      expect(page).toMatchObject({ slug, version: 1, isTemplate: true });
      // The banner is for staff, who adapt the page; customers never read it.
      expect(page.html).not.toContain('Template: adapt before opening the shop');
    }
    const staff = await admin(ctx.app, ctx.database.db);
    const listed = (await call(staff, 'GET', '/api/staff/pages')).json<
      { current: PageVersion }[]
    >();
    expect(listed).toHaveLength(PAGE_SLUGS.length);
    for (const { current } of listed)
      expect(current.body).toContain('Template: adapt before opening the shop');
    const privacy = (await call(null, 'GET', '/api/pages/privacy')).json<PageResponse>();
    // Every cookie and browser store the shop sets, by name.
    for (const { name } of BROWSER_STORAGE) expect(privacy.html).toContain(name);
    expect(privacy.html).toContain('better-auth.session_token');
    expect(privacy.html).toMatch(/asks for no consent/);
    const legal = (await call(null, 'GET', '/api/pages/legal')).json<PageResponse>();
    expect(legal.seller).toEqual({
      address: '1 Forge Lane\nSheffield S1 2AB',
      taxId: 'GB 111 2222 33',
    });
    expect((await call(null, 'GET', '/api/pages/cookies')).statusCode).toBe(404);
    const overview = (await call(staff, 'GET', '/api/staff/overview')).json<StaffOverview>();
    expect(overview.warnings.join('\n')).not.toContain('SELLER_ADDRESS');
  });

  it('lets staff save versions, each dated and audited; a customer cannot', async () => {
    const call = caller(ctx.app);
    const staff = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const body = { title: 'Delivery', body: '## Fast\n\nWithin a day. <script>alert(1)</script>' };
    expect((await call(buyer, 'PUT', '/api/staff/pages/delivery', body)).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/staff/pages/delivery', body)).statusCode).toBe(401);
    expect((await call(staff, 'PUT', '/api/staff/pages/delivery', { title: '' })).statusCode).toBe(
      400,
    );

    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(staff, 'PUT', '/api/staff/pages/delivery', { ...body, title: `Delivery ${i}` }),
      ),
    );
    expect(saves.map((s) => s.statusCode)).toEqual(Array(6).fill(200));
    const versions = saves.map((s) => s.json<PageVersion>().version).sort((a, b) => a - b);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7]);

    const page = (await call(null, 'GET', '/api/pages/delivery')).json<PageResponse>();
    expect(page).toMatchObject({ version: 7, isTemplate: false });
    expect(page.html).toContain('<h2>Fast</h2>');
    expect(page.html).not.toContain('<script>');
    const history = (await call(staff, 'GET', '/api/staff/pages/delivery')).json<PageVersion[]>();
    expect(history.map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const list = (await call(staff, 'GET', '/api/staff/pages')).json<
      { slug: string; versions: number }[]
    >();
    expect(list.find((p) => p.slug === 'delivery')?.versions).toBe(7);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'page.save'));
    expect(audited).toHaveLength(6);
  });

  it('records on each order the terms in force when it was placed', async () => {
    const call = caller(ctx.app);
    const staff = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 100 });
    const place = async () => {
      const res = await call(buyer, 'POST', '/api/purchase', {
        partId: part.id,
        minimum: 1,
        shipTo,
        phone: '0123456789',
      });
      expect(res.statusCode).toBe(201);
      const [row] = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, res.json()._id));
      return row!.termsVersionId;
    };
    const first = await place();
    expect(first).not.toBeNull();
    const saved = await call(staff, 'PUT', '/api/staff/pages/terms', {
      title: 'Terms of sale',
      body: 'New terms.',
    });
    const second = await place();
    expect(second).toBe(saved.json<PageVersion>().id);
    expect(second).not.toBe(first);
  });

  it('lists the pages and the contact page in the sitemap', async () => {
    const res = await caller(ctx.app)(null, 'GET', '/sitemap.xml');
    for (const slug of PAGE_SLUGS) expect(res.body).toContain(`/pages/${slug}</loc>`);
    expect(res.body).toContain('/contact</loc>');
  });
});

describe('a shop whose seller is not set yet', () => {
  const ctx = useTestApp({ authRateLimit: false, seller: { address: '', taxId: null } });

  it('promises customers no address it lacks, and tells staff what to set', async () => {
    const call = caller(ctx.app);
    const legal = (await call(null, 'GET', '/api/pages/legal')).json<PageResponse>();
    expect(legal.seller).toBeNull();
    expect(legal.html).not.toMatch(/shown below/);
    const staff = await admin(ctx.app, ctx.database.db);
    const overview = (await call(staff, 'GET', '/api/staff/overview')).json<StaffOverview>();
    expect(overview.warnings.join('\n')).toContain('SELLER_ADDRESS is not set');
    expect(overview.warnings.join('\n')).toContain('Still the starting template');
  });
});
