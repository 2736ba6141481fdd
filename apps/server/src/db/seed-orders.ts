import { sql } from 'drizzle-orm';
import type { Db } from './database.js';

/**
 * Fills the shop with `count` past orders from `customers` made-up customers, over the parts
 * already there, for measuring the staff console at size (bench/src/staff.ts). Numbers follow
 * creation time, one order every few minutes back from now; statuses are spread as in a running
 * shop (most paid and on, some unpaid or canceled). Only the last 12 hours hold unpaid orders, as in
 * a running shop whose sweep cancels the rest: older ones would greet the server with a backlog of
 * thousands of cancels and mails. One statement per table, so 100,000 orders take seconds.
 */
export async function seedPastOrders(
  db: Db,
  { count, customers = 2_000 }: { count: number; customers?: number },
): Promise<void> {
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'past-customer-' || g, 'Past Customer ' || g, 'past-customer-' || g || '@example.com', true
    from generate_series(1, ${customers}::int) as g
    on conflict do nothing`);
  await db.execute(sql`
    with p as (
      select id, sku, name, price_cents, row_number() over (order by id) - 1 as i, count(*) over () as n
      from parts
    ),
    g as (
      select g, g % 20 as r, now() - ((${count}::int - g) * interval '4 minutes') as at
      from generate_series(1, ${count}::int) as g
    )
    , placed as (
    insert into orders (
      user_id, name, email, address, ship_street, ship_city, ship_postal_code, ship_country, phone,
      total_cents, status, transaction_id,
      paid_at, shipped_at, delivered_at, canceled_at, carrier, tracking_number, created_at, updated_at
    )
    select
      'past-customer-' || (1 + g % ${customers}::int),
      'Past Customer ' || (1 + g % ${customers}::int),
      'past-customer-' || (1 + g % ${customers}::int) || '@example.com',
      g || ' Yard Road, Leeds', g || ' Yard Road', 'Leeds', 'LS1 1AA', 'United Kingdom', '0113 496 0000',
      p.price_cents::bigint * (10 + g % 40),
      case when r < 2 and at > now() - interval '12 hours' then 'unpaid'
           when r <= 2 then 'canceled' when r < 9 then 'paid'
           when r < 15 then 'shipped' else 'delivered' end,
      case when r >= 3 then 'pi_past_' || g end,
      case when r >= 3 then at + interval '2 minutes' end,
      case when r >= 9 then at + interval '1 day' end,
      case when r >= 15 then at + interval '3 days' end,
      case when r <= 2 and at <= now() - interval '12 hours' or r = 2 then at + interval '1 hour' end,
      case when r >= 9 then 'DHL' end,
      case when r >= 9 then 'JD' || lpad(g::text, 12, '0') end,
      at, at
    from g join p on p.i = g.g % p.n
    order by g.g
    returning id, number, created_at
    )
    -- One line each, its part chosen as the order was (by its place in time).
    insert into order_lines (order_id, line_no, order_number, part_id, sku, part_name, quantity,
                             unit_price_cents, total_cents)
    select o.id, 1, o.number, p.id, p.sku, p.name, 10 + g.g % 40, p.price_cents,
           p.price_cents::bigint * (10 + g.g % 40)
      from placed o
      join g on g.at = o.created_at
      join p on p.i = g.g % p.n`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_lines`);
}
