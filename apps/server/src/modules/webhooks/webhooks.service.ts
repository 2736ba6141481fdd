import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookSettings,
  type WebhookEndpointRow,
} from './webhooks.tables.js';

/** Copies LOW_STOCK_FACTOR where the low-stock trigger reads it (migration 0024). */
export async function syncWebhookSettings(db: DbOrTx, lowStockFactor: number): Promise<void> {
  await db
    .insert(webhookSettings)
    .values({ id: true, lowStockFactor })
    .onConflictDoUpdate({ target: webhookSettings.id, set: { lowStockFactor } });
}

/** The shop's endpoints, or one company's. */
export type EndpointOwner = { companyId: string | null };

const ownedBy = (owner: EndpointOwner) =>
  owner.companyId === null
    ? isNull(webhookEndpoints.companyId)
    : eq(webhookEndpoints.companyId, owner.companyId);

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export const endpointNotFound = () => notFound('Webhook endpoint');

export const toEndpointView = (row: WebhookEndpointRow): WebhookEndpointView => ({
  id: row.id,
  companyId: row.companyId,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as WebhookEventType[],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  consecutiveFailures: row.consecutiveFailures,
  createdAt: row.createdAt.toISOString(),
});

export async function createEndpoint(
  tx: DbOrTx,
  owner: EndpointOwner,
  input: { url: string; description: string; eventTypes: WebhookEventType[]; createdBy: string },
): Promise<WebhookEndpointRow> {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ ...input, companyId: owner.companyId, secret: newSecret() })
    .returning();
  return row!;
}

export async function listEndpoints(db: DbOrTx, owner: EndpointOwner) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(ownedBy(owner))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}

/** The owner's endpoint, or a 404 (another owner's is as unknown as none). */
export async function requireEndpoint(
  db: DbOrTx,
  owner: EndpointOwner,
  id: string,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw endpointNotFound();
  return row;
}

export async function removeEndpoint(tx: DbOrTx, owner: EndpointOwner, id: string) {
  const gone = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw endpointNotFound();
}

export async function enableEndpoint(tx: DbOrTx, owner: EndpointOwner, id: string) {
  const done = await tx
    .update(webhookEndpoints)
    .set({ enabled: true, disabledReason: null, consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning({ id: webhookEndpoints.id });
  if (done.length === 0) throw endpointNotFound();
}

/** A new secret; the old one keeps signing beside it for a day, while receivers switch. */
export async function rotateSecret(tx: DbOrTx, owner: EndpointOwner, id: string) {
  const secret = newSecret();
  const done = await tx
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretUntil: sql`now() + interval '24 hours'`,
      secret,
    })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning({ id: webhookEndpoints.id });
  if (done.length === 0) throw endpointNotFound();
  return secret;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  responseStatus: webhookDeliveries.responseStatus,
  error: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
};

type DeliveryRead = {
  [K in keyof typeof deliveryColumns]: (typeof deliveryColumns)[K]['_']['data'] | null;
};

const toDeliveryView = (r: DeliveryRead): WebhookDeliveryView => ({
  id: r.id!,
  eventId: r.eventId!,
  eventType: r.eventType as WebhookEventType,
  status: r.status!,
  attempts: r.attempts ?? 0,
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.status === 'pending' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
  responseStatus: r.responseStatus ?? null,
  error: r.error ?? null,
  createdAt: r.createdAt!.toISOString(),
});

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(db: DbOrTx, endpointId: string, limit = 100) {
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(toDeliveryView);
}

async function deliveryView(db: DbOrTx, id: string) {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return toDeliveryView(row!);
}

/** The same event to the same endpoint once more, as a new delivery (the log keeps both). */
export async function resendDelivery(tx: DbOrTx, endpointId: string, deliveryId: string) {
  const [earlier] = await tx
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!earlier) throw notFound('Delivery');
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ eventId: earlier.eventId, endpointId })
    .returning({ id: webhookDeliveries.id });
  return deliveryView(tx, row!.id);
}

/** A `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(tx: DbOrTx, endpoint: WebhookEndpointRow) {
  const [event] = await tx
    .insert(webhookEvents)
    .values({
      type: 'webhook.test',
      companyId: endpoint.companyId,
      data: { endpointId: endpoint.id, message: 'A test event: your endpoint is reached.' },
    })
    .returning({ id: webhookEvents.id });
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ eventId: event!.id, endpointId: endpoint.id })
    .returning({ id: webhookDeliveries.id });
  return deliveryView(tx, row!.id);
}
