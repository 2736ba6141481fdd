import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CORE_GRACE_DAYS,
  CORE_RETURN_DAYS,
  coreDates,
  formatMoney,
  formatOrderNumber,
  fromCents,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { queueMail } from '../mail/mail.service.js';
import {
  lockOrder,
  orderLinesRelation,
  ordersRelation,
  withLines,
} from '../orders/orders.service.js';
import { coreStateByLine, coresReturnable, depositLeftCents } from './core-deposits.js';
import type { ReturnMailConfig } from './return-mail.js';
import { coreDepositClaims } from './returns.tables.js';

/*
 * Overdue cores (decision 069): once an order's cores are past their window, its buyer is
 * reminded once; once past the grace period too, the deposit of the cores still owed is kept,
 * once. Each is claimed by inserting its row (`core_deposit_claims`' primary key), in the
 * transaction that queues its mail, under the order's lock, so however many instances sweep, and
 * across restarts, each happens once, as the overdue invoice reminder does.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders looked at per sweep: the rest wait for the next one. */
const BATCH = 200;

/** Delivered orders with deposits past their window whose deposit is not yet wholly kept. */
async function candidates(db: DbOrTx, now: Date): Promise<string[]> {
  const dueBefore = new Date(now.getTime() - CORE_RETURN_DAYS * DAY_MS);
  const rows = rowsOf(
    await db.execute(sql`
      select distinct o.id
        from ${orderLinesRelation} l join ${ordersRelation} o on o.id = l.order_id
       where l.core_cents > 0 and l.canceled_at is null and o.status = 'delivered'
         and o.delivered_at < ${dueBefore.toISOString()}::timestamptz
         and not exists (select 1 from ${coreDepositClaims} k
                          where k.order_id = l.order_id and k.line_no = l.line_no and k.kind = 'kept')
       limit ${BATCH}`),
  );
  return rows.map((r) => String(r.id));
}

type Swept = { reminded: number; kept: number };

/** One order: its overdue lines reminded of, or their deposits kept, each once. */
async function sweepOrder(
  db: Db,
  orderId: string,
  now: Date,
  mail: ReturnMailConfig,
): Promise<Swept> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked?.deliveredAt) return { reminded: 0, kept: 0 };
    const order = await withLines(tx, locked);
    const { dueAt, keptAt } = coreDates(locked.deliveredAt);
    const keep = now.getTime() > keptAt.getTime();
    const states = await coreStateByLine(tx, orderId);
    const claimed: { partName: string; pieces: number; cents: number }[] = [];
    for (const line of order.lines) {
      const owed = coresReturnable(line, states.get(line.lineNo));
      if (owed <= 0) continue;
      const cents = keep
        ? Math.min(owed * line.coreChargeCents, depositLeftCents(line, states.get(line.lineNo)))
        : owed * line.coreChargeCents;
      const [row] = await tx
        .insert(coreDepositClaims)
        .values({
          orderId,
          lineNo: line.lineNo,
          kind: keep ? 'kept' : 'reminded',
          pieces: owed,
          cents,
          at: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) claimed.push({ partName: line.partName, pieces: owed, cents });
    }
    if (claimed.length === 0) return { reminded: 0, kept: 0 };
    const number = formatOrderNumber(locked.number);
    const list = claimed
      .map(
        (c) =>
          `- ${c.partName}: ${c.pieces} ${c.pieces === 1 ? 'core' : 'cores'}, deposit ${formatMoney(fromCents(c.cents))}`,
      )
      .join('\n');
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const [subject, text] = keep
      ? [
          `Core deposit kept for order ${number}`,
          `The old parts of order ${number} did not come back by ${day(keptAt)}, so their core ` +
            `deposit is kept:\n\n${list}`,
        ]
      : [
          `Your cores for order ${number} are overdue`,
          `The old parts ("cores") of order ${number} were due back by ${day(dueAt)}. Send them ` +
            `with a core return from the order's page by ${day(keptAt)} (${CORE_GRACE_DAYS} more ` +
            `days) to have your deposit refunded; after that it is kept:\n\n${list}\n\n` +
            `${mail.publicUrl}/dashboard/orders/${orderId}`,
        ];
    await queueMail(
      tx,
      { to: locked.email, subject: `${subject} - ${mail.brandName}`, text },
      `core-${orderId}-${keep ? 'kept' : 'reminded'}`,
    );
    return keep ? { reminded: 0, kept: claimed.length } : { reminded: claimed.length, kept: 0 };
  });
}

/** Reminds of every overdue core and keeps the deposits past the grace period, each once. */
export async function sweepOverdueCores(
  db: Db,
  mail: ReturnMailConfig,
  now: Date = new Date(),
): Promise<Swept> {
  const total = { reminded: 0, kept: 0 };
  for (const id of await candidates(db, now)) {
    const swept = await sweepOrder(db, id, now, mail);
    total.reminded += swept.reminded;
    total.kept += swept.kept;
  }
  return total;
}

/**
 * Cores past their window whose deposit is not yet kept, for the staff overview: each such
 * line's pieces less those returned, on their way or refunded with the part.
 */
export async function countOverdueCores(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const dueBefore = new Date(now.getTime() - CORE_RETURN_DAYS * DAY_MS);
  const [row] = rowsOf(
    await db.execute(sql`
    select coalesce(sum(greatest(0, l.quantity - coalesce((
      select sum(case
        when r.status in ('requested', 'approved') then rl.quantity
        when r.status = 'received' then rl.received
        when r.reason = 'core_return' then coalesce(rl.resaleable, 0) + coalesce(rl.scrapped, 0)
        when r.status = 'settled' then coalesce(rl.core_pieces, 0)
        else 0 end)
        from return_lines rl join returns r on r.id = rl.return_id
       where rl.order_id = l.order_id and rl.line_no = l.line_no and r.status <> 'refused'
         and (r.reason = 'core_return' or r.status = 'settled')), 0))), 0) as n
      from ${orderLinesRelation} l join ${ordersRelation} o on o.id = l.order_id
     where l.core_cents > 0 and l.canceled_at is null and o.status = 'delivered'
       and o.delivered_at < ${dueBefore.toISOString()}::timestamptz
       and not exists (select 1 from ${coreDepositClaims} k
                        where k.order_id = l.order_id and k.line_no = l.line_no and k.kind = 'kept')`),
  );
  return Number(row?.n ?? 0);
}

/** Sweeps overdue cores when the app is ready and then every interval, until it closes. */
export function startCoreSweep(
  app: FastifyInstance,
  db: Db,
  mail: ReturnMailConfig,
  intervalMs: number,
  onQueued: () => void,
): void {
  startPeriodicJob(app, {
    name: 'overdue cores',
    intervalMs,
    async work() {
      const swept = await sweepOverdueCores(db, mail);
      if (swept.reminded + swept.kept === 0) return;
      onQueued();
      app.log.info(swept, 'overdue cores reminded or kept');
    },
  });
}
