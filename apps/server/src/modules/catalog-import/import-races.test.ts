import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS, type CatalogImportSummary } from '@storefront/contract';
import { rowsOf } from '../../db/raw-rows.js';
import { admin, customer } from '../../test/accounts.js';
import { apply, csvOf, preview, settled } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Key = (typeof PART_COLUMNS)[number]['key'];
const HEADER = PART_COLUMNS.map((c) => c.header);
const row = (cells: Partial<Record<Key, string | number>>) =>
  PART_COLUMNS.map((c) => cells[c.key] ?? '');
const shipTo = { street: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' };

/** A gate the apply waits at after a step, opened by the test. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const arrived = new Promise<void>((r) => (reached = r));
  return { open, arrived, reached, opened };
}

describe('catalog import against orders and other imports', () => {
  let pause: { step: string; g: ReturnType<typeof gate> } | null = null;
  const ctx = useTestApp(
    {
      authRateLimit: false,
      mailRateLimit: false,
      openOrderLimits: { count: 1000, valueCents: 1e12 },
    },
    {
      importSteps: async (step) => {
        if (pause && pause.step === step) {
          pause.g.reached();
          await pause.g.opened;
        }
      },
    },
  );
  let staff: Person;
  const N = 6;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });

  const skus = (prefix: string) => Array.from({ length: N }, (_, i) => `${prefix}-${i}`);
  async function seed(prefix: string, stock: number) {
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'seed.csv',
        content: csvOf([
          HEADER,
          ...skus(prefix).map((sku) =>
            row({ sku, name: `Part ${sku}`, price: '10.00', minOrderQuantity: 1, stock }),
          ),
        ]),
      },
    ]);
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
    return ctx.database.db
      .select()
      .from(parts)
      .where(inArray(parts.sku, skus(prefix)));
  }
  const order = (who: Person, partId: string, quantity: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: who.auth,
      payload: { partId, minimum: quantity, shipTo, phone: '0113 496 0000' },
    });
  const startApply = (id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/staff/imports/${id}/apply`,
      headers: staff.auth,
      payload: {},
    });
  const ledgerSums = async (ids: string[]) =>
    new Map(
      rowsOf(
        await ctx.database.db.execute(sql`
          select part_id, sum(delta)::int as total from stock_movements
           where part_id = any(${sql.param(ids)}::uuid[]) group by part_id`),
      ).map((r) => [String(r.part_id), Number(r.total)]),
    );

  it('takes the file’s stock as of the preview: orders placed before and during the apply are neither lost nor oversold', async () => {
    const seeded = await seed('IRS', 100);
    const ids = seeded.map((p) => p.id);
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'stock.csv',
        content: csvOf([
          HEADER,
          ...seeded.map((p) => row({ sku: p.sku, name: `${p.name} v2`, stock: 60 })),
        ]),
      },
    ]);
    expect(job.counts.changed).toBe(N);
    expect(job.changes[0]!.fields.map((f) => f.field).sort()).toEqual(['name', 'stock']);
    const buyers = await Promise.all([customer(ctx.app), customer(ctx.app), customer(ctx.app)]);
    // Between the preview and the apply: 5 of each part.
    for (const id of ids) expect((await order(buyers[0]!, id, 5)).statusCode).toBe(201);
    // During the apply (held after its part writes, before its stock): 40 orders of 4 at once.
    pause = { step: 'updated', g: gate() };
    expect((await startApply(job.id)).statusCode).toBe(202);
    await pause.g.arrived;
    const during = Array.from({ length: 40 }, (_, i) =>
      order(buyers[i % 3]!, ids[i % N]!, 4).then((r) => ({
        partId: ids[i % N]!,
        ok: r.statusCode === 201,
        status: r.statusCode,
      })),
    );
    await new Promise((r) => setTimeout(r, 100));
    pause.g.open();
    const placed = await Promise.all(during);
    pause = null;
    expect(
      placed.every((p) => p.status === 201 || p.status === 409),
      JSON.stringify(placed),
    ).toBe(true);
    const done = await settled(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');

    const after = await ctx.database.db.select().from(parts).where(inArray(parts.id, ids));
    const sums = await ledgerSums(ids);
    for (const p of after) {
      const duringOk = placed.filter((o) => o.partId === p.id && o.ok).length * 4;
      // 60 as of the preview, less what orders took since: 5 before the apply, the rest during.
      expect(p.availableQuantity).toBe(Math.max(0, 60 - 5 - duringOk));
      expect(p.availableQuantity).toBeGreaterThanOrEqual(0);
      expect(sums.get(p.id)).toBe(p.availableQuantity);
      expect(p.name).toMatch(/ v2$/);
    }
  });

  it('answers catalog searches while the apply holds its transaction, with the catalog as committed', async () => {
    const seeded = await seed('IRH', 40);
    const search = () => ctx.app.inject({ method: 'GET', url: '/api/catalog?q=IRH&pageSize=48' });
    const cardsOf = async (res: Awaited<ReturnType<typeof search>>) =>
      (
        res.json() as {
          items: { sku: string; name: string; description: string; availableQuantity: number }[];
        }
      ).items.filter((c) => c.sku.startsWith('IRH-'));
    // This instance's own writes have reached the index once it answers with them.
    await expect.poll(async () => (await cardsOf(await search())).length).toBe(N);
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'held.csv',
        content: csvOf([
          HEADER,
          ...seeded.map((p) =>
            row({ sku: p.sku, name: `${p.name} held`, description: 'Rewritten', stock: 7 }),
          ),
        ]),
      },
    ]);
    // An order just before the apply: its write is this instance's own, not yet in the index.
    const buyer = await customer(ctx.app);
    expect((await order(buyer, seeded[0]!.id, 2)).statusCode).toBe(201);
    pause = { step: 'stock', g: gate() };
    expect((await startApply(job.id)).statusCode).toBe(202);
    await pause.g.arrived;
    // Held after writing the parts and their stock, uncommitted. On the embedded database the
    // transaction holds the one session: an answer that needed it would wait for the gate.
    const waited = Symbol('waited for the apply');
    const during = await Promise.race([
      search(),
      new Promise<typeof waited>((r) => setTimeout(() => r(waited), 5_000)),
    ]);
    pause.g.open();
    pause = null;
    expect(during).not.toBe(waited);
    const held = await cardsOf(during as Awaited<ReturnType<typeof search>>);
    expect(held).toHaveLength(N);
    for (const card of held) {
      expect(card.name).not.toMatch(/held$/);
      expect(card.description).not.toBe('Rewritten');
      expect(card.availableQuantity).toBe(card.sku === seeded[0]!.sku ? 38 : 40);
    }
    expect((await settled(ctx.app, staff, job.id)).status).toBe('applied');
    await expect
      .poll(async () => (await cardsOf(await search())).map((c) => c.description))
      .toEqual(Array.from({ length: N }, () => 'Rewritten'));
  });

  it('refuses to apply a preview whose catalog changed since (a staff edit), and changes nothing', async () => {
    const seeded = await seed('IRE', 10);
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'names.csv',
        content: csvOf([
          HEADER,
          ...seeded.map((p) => row({ sku: p.sku, name: 'Renamed by the file' })),
        ]),
      },
    ]);
    await ctx.database.db
      .update(parts)
      .set({ name: 'Edited by staff' })
      .where(eq(parts.id, seeded[0]!.id));
    const done = await apply(ctx.app, staff, job.id);
    expect(done.status).toBe('failed');
    expect(done.failure).toMatch(/catalog changed since this preview/);
    const now = await ctx.database.db
      .select()
      .from(parts)
      .where(inArray(parts.sku, skus('IRE')));
    expect(now.filter((p) => p.name === 'Renamed by the file')).toEqual([]);
  });

  it('applies one import at a time: double clicks apply once, a second import waits its turn', async () => {
    const seeded = await seed('IRO', 10);
    const make = (name: string) =>
      preview(ctx.app, staff, [
        {
          field: 'parts',
          name: `${name}.csv`,
          content: csvOf([HEADER, ...seeded.map((p) => row({ sku: p.sku, name }))]),
        },
      ]);
    const first = await make('First');
    const second = await make('Second');
    pause = { step: 'inserted', g: gate() };
    // Nothing is awaited while the apply holds its transaction: on the embedded database every
    // other query waits for it.
    const clicks = Promise.all(Array.from({ length: 5 }, () => startApply(first.id)));
    await pause.g.arrived;
    // On PostgreSQL the second is refused while the first applies; on the embedded database (one
    // connection) it waits for the first's commit, then finds the catalog changed under it.
    const otherRequest = startApply(second.id);
    await new Promise((r) => setTimeout(r, 100));
    pause.g.open();
    pause = null;
    const other = await otherRequest;
    expect((await clicks).map((c) => c.statusCode).sort()).toEqual([202, 409, 409, 409, 409]);
    expect([202, 409]).toContain(other.statusCode);
    expect((await settled(ctx.app, staff, first.id)).status).toBe('applied');
    if (other.statusCode === 409) {
      expect(other.json()).toMatchObject({ error: 'IMPORT_BUSY' });
      expect((await settled(ctx.app, staff, second.id)).status).toBe('previewed');
      await apply(ctx.app, staff, second.id);
    }
    // Previewed against the catalog before the first: it must be previewed again.
    const late = await settled(ctx.app, staff, second.id);
    expect(late.status).toBe('failed');
    expect(late.failure).toMatch(/catalog changed since this preview/);
    const now = await ctx.database.db
      .select()
      .from(parts)
      .where(inArray(parts.sku, skus('IRO')));
    expect(new Set(now.map((p) => p.name))).toEqual(new Set(['First']));
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/imports',
      headers: staff.auth,
    });
    const statuses = new Map(list.json<CatalogImportSummary[]>().map((j) => [j.id, j.status]));
    expect([statuses.get(first.id), statuses.get(second.id)]).toEqual(['applied', 'failed']);
  });
});
