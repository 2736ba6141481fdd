import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.js';
import { pgliteOptions } from './database.js';
import { rowsOf } from './raw-rows.js';

/**
 * Migration 0014 turns every order placed before the cart into a one-line order. The test stops a
 * fresh database just before it (0013), places orders the old way (one part each, in every
 * status, one refunded), applies 0014 and checks that what customers, staff and the stock ledger
 * see is unchanged: each order has one line with its part, quantity, unit price and total.
 */
const BEFORE = '0013';

type Engine = {
  db: ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzleNodePg>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

/** A copy of the migrations folder whose journal stops at `last` (its tag's number). */
async function migrationsUpTo(last: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await fs.cp(migrationsDir, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.tag.slice(0, 4) <= last);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function openEngine(): Promise<Engine> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) {
    const client = await PGlite.create(pgliteOptions());
    const db = drizzlePglite({ client });
    return {
      db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  // An empty database on the same server (not the migrated template).
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const name = `migrate_lines_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0014: every existing order becomes a one-line order', () => {
  let engine: Engine;
  const partIds = [randomUUID(), randomUUID()];
  const statuses = ['unpaid', 'paid', 'shipped', 'delivered', 'canceled'] as const;
  const orderIds = statuses.map(() => randomUUID());

  beforeAll(async () => {
    engine = await openEngine();
    await engine.migrate(await migrationsUpTo(BEFORE));
    const db = engine.db;
    await db.execute(
      sql`insert into users (id, name, email) values ('u1', 'Old Buyer', 'old@example.com')`,
    );
    for (const [i, id] of partIds.entries())
      await db.execute(sql`
        insert into parts (id, name, description, min_order_quantity, available_quantity, price_cents, image_url, sku)
        values (${id}::uuid, ${`Old part ${i}`}, 'D', 10, 500, ${1250 + i}, '/x.png', ${`OLD-${i}`})`);
    for (const [i, status] of statuses.entries()) {
      const quantity = 10 + i;
      const unit = 1250 + (i % 2);
      await db.execute(sql`
        insert into orders (id, user_id, name, email, address, phone, part_id, part_name, quantity,
                            unit_price_cents, total_cents, status)
        values (${orderIds[i]}::uuid, 'u1', 'Old Buyer', 'old@example.com', '1 Old Road', '0123456789',
                ${partIds[i % 2]}::uuid, ${`Old part ${i % 2}`}, ${quantity}, ${unit},
                ${quantity * unit}, ${status})`);
    }
    await engine.migrate(migrationsDir);
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('gives each old order one line with its part, quantity, unit price and total, and keeps its total', async () => {
    const rows = rowsOf(
      await engine.db.execute(sql`
        select o.id, o.status, o.total_cents::int as order_total, count(l.*)::int as lines,
               min(l.line_no) as line_no, min(l.part_id::text) as part_id, min(l.sku) as sku,
               min(l.part_name) as part_name, min(l.quantity) as quantity,
               min(l.unit_price_cents) as unit, min(l.total_cents)::int as line_total,
               bool_or(l.canceled_at is not null) as line_canceled
          from orders o left join order_lines l on l.order_id = o.id
         group by o.id, o.status, o.total_cents`),
    );
    expect(rows).toHaveLength(statuses.length);
    for (const [i, status] of statuses.entries()) {
      const row = rows.find((r) => r.id === orderIds[i])!;
      const quantity = 10 + i;
      const unit = 1250 + (i % 2);
      expect(row).toMatchObject({
        status,
        lines: 1,
        line_no: 1,
        part_id: partIds[i % 2],
        sku: `OLD-${i % 2}`,
        part_name: `Old part ${i % 2}`,
        quantity,
        unit,
        line_total: quantity * unit,
        order_total: quantity * unit,
        line_canceled: false,
      });
    }
  });

  it('leaves the parts orderable in packs of one with no maximum, their stock untouched', async () => {
    const rows = rowsOf(
      await engine.db.execute(sql`
        select pack_size, max_order_quantity, available_quantity from parts order by sku`),
    );
    expect(rows).toEqual([
      { pack_size: 1, max_order_quantity: null, available_quantity: 500 },
      { pack_size: 1, max_order_quantity: null, available_quantity: 500 },
    ]);
  });

  it('finds old orders by their part name in the staff search, from the lines', async () => {
    const rows = rowsOf(
      await engine.db.execute(
        sql`select part_name as name from order_part_names order by part_name`,
      ),
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Old part 0', 'Old part 1']));
  });
});
