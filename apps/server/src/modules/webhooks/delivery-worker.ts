import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import {
  addressAllowed,
  addressProblem,
  guardedLookup,
  type DestinationRules,
  type Lookup,
} from './destination.js';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type WebhookEndpointRow,
} from './webhooks.tables.js';

/**
 * Seconds before the next attempt after attempt n (1-based): about 32 hours in all, then the
 * delivery has failed. Exponential at first (a receiver restarting), then every 8 hours.
 */
export const RETRY_AFTER_SECONDS = [
  5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800, 28_800,
];
export const MAX_ATTEMPTS = RETRY_AFTER_SECONDS.length + 1;

/** How much of a receiver's answer is read (and kept in the log, cut shorter). */
const MAX_ANSWER_BYTES = 16 * 1024;
/** Deliveries in flight at once on this instance, and per endpoint. */
const IN_FLIGHT = 32;
const PER_ENDPOINT = 4;

export type WebhookWorkerDeps = {
  db: Db;
  log: FastifyBaseLogger;
  rules: DestinationRules;
  timeoutMs: number;
  disableAfter: number;
  /** The object of an event written inside a statement (an order placed), as v1 shows it. */
  render: (objectType: string, objectId: string) => Promise<unknown>;
  /** An endpoint was turned off after too many failures: staff are told (in `tx`). */
  onDisabled: (tx: DbOrTx, endpoint: WebhookEndpointRow) => Promise<void>;
  /** Tests resolve names their own way (a name that resolves to a private address). */
  lookup?: Lookup;
};

export type WebhookWorker = {
  /** Sends every delivery due now and waits for them; resolves how many were tried. */
  runDue(): Promise<number>;
  poke(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
};

type Outcome = { status: number | null; error: string | null; ms: number };

/** One POST with a time limit, no redirects followed, and the answer read up to a cap. */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  deps: Pick<WebhookWorkerDeps, 'rules' | 'timeoutMs' | 'lookup'>,
): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, ms: Date.now() - started });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'storefront-webhooks/1',
        ...headers,
      },
      lookup: guardedLookup(deps.rules, deps.lookup) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      done(null, `no answer within ${deps.timeoutMs} ms`);
    }, deps.timeoutMs);
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const status = response.statusCode ?? 0;
      const finish = () =>
        done(
          status,
          status >= 300 && status < 400
            ? `answered ${status}: redirects are not followed`
            : status >= 400
              ? `answered ${status}`
              : null,
        );
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
    });
    request.on('error', (err) => done(null, err.message.slice(0, 500)));
    request.end(body);
  });
}

/** Whether a failed attempt is worth another: not most 4xx (the receiver refused the message). */
const retryable = (o: Outcome) =>
  o.status === null ||
  o.status >= 500 ||
  o.status === 408 ||
  o.status === 429 ||
  (o.status >= 300 && o.status < 400);

export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { db, log } = deps;
  const inFlight = new Map<string, Promise<void>>();
  const perEndpoint = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let poked: NodeJS.Timeout | undefined;
  let stopped = false;
  let started = false;
  let claiming: Promise<number> | undefined;

  /**
   * Claims due deliveries of enabled endpoints, a few per endpoint, skipping rows another
   * instance holds. The lease outlives one attempt; a crashed instance's deliveries are taken
   * again when it runs out (at least once: receivers de-duplicate by webhook-id). Each endpoint's
   * few are read from its own index range, so a claim costs the same whatever backlog a dead
   * endpoint has piled up (ranking every due row made each claim slower as it grew: issue 35).
   */
  async function claim(room: number): Promise<Record<string, unknown>[]> {
    const busy = JSON.stringify(
      [...perEndpoint].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id),
    );
    const leaseSeconds = Math.ceil(deps.timeoutMs / 1000) + 60;
    return rowsOf(
      await db.execute(sql`
        with picked as (
          select x.id, x.next_attempt_at
            from ${webhookEndpoints} e
            cross join lateral (
              select d.id, d.next_attempt_at
                from ${webhookDeliveries} d
               where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= now()
                 and (d.locked_until is null or d.locked_until < now())
               order by d.next_attempt_at
               limit ${PER_ENDPOINT}
            ) x
           where e.enabled
             and not (e.id::text in (select jsonb_array_elements_text(${busy}::jsonb)))
           order by x.next_attempt_at
           limit ${room}
        )
        update ${webhookDeliveries} d
           set attempts = d.attempts + 1,
               locked_until = now() + make_interval(secs => ${leaseSeconds})
          from picked
         where d.id = picked.id
           and d.status = 'pending' and (d.locked_until is null or d.locked_until < now())
        returning d.id, d.event_id, d.endpoint_id, d.attempts`),
    );
  }

  async function deliver(claimed: Record<string, unknown>): Promise<void> {
    const deliveryId = String(claimed.id);
    const attempt = Number(claimed.attempts);
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} = ${String(claimed.endpoint_id)}`);
    const [event] = await db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.id} = ${String(claimed.event_id)}`);
    if (!endpoint || !event) return;
    let data = event.data;
    if (data === null && event.objectType && event.objectId) {
      // Frozen at the first attempt: every later attempt and resend carries the same body.
      data = await deps.render(event.objectType, event.objectId);
      await db.execute(
        sql`update ${webhookEvents} set data = ${JSON.stringify(data)}::jsonb where id = ${event.id} and data is null`,
      );
    }
    const timestamp = event.createdAt;
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      timestamp: timestamp.toISOString(),
      data,
    });
    const signatures = [new Webhook(endpoint.secret).sign(event.id, timestamp, body)];
    if (
      endpoint.previousSecret &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil > new Date()
    )
      signatures.push(new Webhook(endpoint.previousSecret).sign(event.id, timestamp, body));
    const problem = addressProblem(endpoint.url, deps.rules);
    const url = new URL(endpoint.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const outcome: Outcome = problem
      ? { status: null, error: `refused: ${problem}`, ms: 0 }
      : // An address written as an IP is connected to without a lookup: checked here.
        /^[\d.]+$|:/.test(host) && !addressAllowed(host, deps.rules)
        ? { status: null, error: 'refused: a private or local address', ms: 0 }
        : await post(
            url,
            body,
            {
              'webhook-id': event.id,
              'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
              'webhook-signature': signatures.join(' '),
            },
            deps,
          );
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const giveUp = !ok && (!retryable(outcome) || attempt >= MAX_ATTEMPTS);
    const wait = RETRY_AFTER_SECONDS[Math.min(attempt, RETRY_AFTER_SECONDS.length) - 1] ?? 0;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId,
        attempt,
        responseStatus: outcome.status,
        error: outcome.error,
        durationMs: outcome.ms,
      });
      await tx.execute(sql`
        update ${webhookDeliveries}
           set status = ${ok ? 'succeeded' : giveUp ? 'failed' : 'pending'},
               last_attempt_at = now(),
               response_status = ${outcome.status},
               last_error = ${outcome.error},
               locked_until = null,
               next_attempt_at = ${ok || giveUp ? null : sql`now() + make_interval(secs => ${wait})`}
         where id = ${deliveryId}`);
      const [after] = await tx
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: ok ? 0 : sql`${webhookEndpoints.consecutiveFailures} + 1`,
        })
        .where(sql`${webhookEndpoints.id} = ${endpoint.id}`)
        .returning();
      if (after && !ok && after.enabled && after.consecutiveFailures >= deps.disableAfter) {
        const [disabled] = await tx
          .update(webhookEndpoints)
          .set({
            enabled: false,
            disabledReason: `Turned off after ${after.consecutiveFailures} failed attempts in a row (last: ${outcome.error ?? outcome.status})`,
          })
          .where(sql`${webhookEndpoints.id} = ${endpoint.id} and ${webhookEndpoints.enabled}`)
          .returning();
        if (disabled) await deps.onDisabled(tx, disabled);
      }
    });
  }

  async function runOnce(): Promise<number> {
    const room = IN_FLIGHT - inFlight.size;
    if (room <= 0 || stopped) return 0;
    const claimed = await claim(room);
    for (const row of claimed) {
      const id = String(row.id);
      const endpointId = String(row.endpoint_id);
      perEndpoint.set(endpointId, (perEndpoint.get(endpointId) ?? 0) + 1);
      const job = deliver(row)
        .catch((err: unknown) => log.error({ err, delivery: id }, 'webhook delivery'))
        .finally(() => {
          inFlight.delete(id);
          const n = (perEndpoint.get(endpointId) ?? 1) - 1;
          if (n <= 0) perEndpoint.delete(endpointId);
          else perEndpoint.set(endpointId, n);
          // A slot is free: what waits behind a slow endpoint goes now.
          if (!stopped) worker.poke();
        });
      inFlight.set(id, job);
    }
    return claimed.length;
  }

  const claimOnce = () => (claiming ??= runOnce().finally(() => (claiming = undefined)));

  const worker: WebhookWorker = {
    async runDue() {
      let tried = 0;
      for (;;) {
        const n = await claimOnce();
        tried += n;
        if (inFlight.size === 0 && n === 0) return tried;
        await Promise.race([...inFlight.values(), new Promise((r) => setTimeout(r, 20))]);
      }
    },
    poke() {
      // Tests run deliveries with runDue: no background claims then.
      if (!started || stopped || poked) return;
      poked = setTimeout(() => {
        poked = undefined;
        claimOnce().catch((err: unknown) => log.error({ err }, 'webhook claim'));
      }, 10);
    },
    start(intervalMs) {
      started = true;
      const tick = () => {
        if (stopped) return;
        claimOnce()
          .catch((err: unknown) => log.error({ err }, 'webhook claim'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (poked) clearTimeout(poked);
      await claiming;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
  return worker;
}
