import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.tables.js';

/** The endpoints that hear an event of `type` for `company` (a CTE's columns, as SQL). */
const listeners = (type: SQL, company: SQL) => sql`
  select e.id from ${webhookEndpoints} e
   where e.enabled
     and (e.company_id is null or e.company_id = ${company})
     and (cardinality(e.event_types) = 0 or ${type} = any(e.event_types))`;

export type WebhookEvent = {
  type: WebhookEventType;
  /** The company whose endpoints hear it too (the shop's always do). */
  companyId: string | null;
  /**
   * The object as the v1 API shows it, built by its owner's one serializer; called only when an
   * endpoint listens (most shops have none, and an order's lines cost a read).
   */
  data: () => Promise<unknown>;
};

/**
 * Records an event in the caller's transaction, with a delivery for every endpoint that hears it:
 * it exists exactly when the change does (a rolled-back order sends nothing, a committed one is
 * never lost). Nothing is written when no endpoint listens.
 */
export async function emitEvent(tx: DbOrTx, event: WebhookEvent): Promise<void> {
  const heard = rowsOf(
    await tx.execute(
      sql`select exists (${listeners(sql`${event.type}::text`, sql`${event.companyId}::uuid`)}) as heard`,
    ),
  );
  if (heard[0]?.heard !== true) return;
  const data = JSON.stringify(await event.data());
  await tx.execute(sql`
    with ev as (
      insert into ${webhookEvents} (type, company_id, data)
      values (${event.type}, ${event.companyId}::uuid, ${data}::jsonb)
      returning id, type, company_id
    )
    insert into ${webhookDeliveries} (event_id, endpoint_id)
    select ev.id, l.id from ev
      cross join lateral (${listeners(sql`ev.type`, sql`ev.company_id`)}) l`);
}

/**
 * The same, as CTEs of a larger statement, one event per row of `from` (columns `id` and
 * `company_id`): the order placed by the placing statement. Its `data` is filled by the worker
 * through the object's serializer before the first attempt (`object_type`, `object_id`), then
 * kept, so every attempt and resend carries the same body.
 */
export const eventCtes = (
  name: string,
  e: { type: WebhookEventType; from: string; objectType: 'order'; where?: SQL },
): SQL => {
  // Constants from closed lists, written into the text: the statement is prepared once, and a
  // bound value there would have no placeholder to fill it.
  const type = sql.raw(`'${e.type}'::text`);
  const objectType = sql.raw(`'${e.objectType}'::text`);
  return sql`
  ${sql.identifier(`${name}_event`)} as (
    insert into ${webhookEvents} (type, company_id, object_type, object_id)
    select ${type}, f.company_id, ${objectType}, f.id::text
      from ${sql.identifier(e.from)} f
     where exists (${listeners(type, sql`f.company_id`)}) and ${e.where ?? sql`true`}
    returning id, type, company_id
  ),
  ${sql.identifier(`${name}_deliveries`)} as (
    insert into ${webhookDeliveries} (event_id, endpoint_id)
    select ev.id, l.id from ${sql.identifier(`${name}_event`)} ev
      cross join lateral (${listeners(sql`ev.type`, sql`ev.company_id`)}) l
  )`;
};
