import { z } from 'zod';
import { PathId } from './common.js';

/** Every event a webhook endpoint can receive (issue 35). */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.canceled',
  'order.shipped',
  'order.delivered',
  'order.line_canceled',
  'order.refunded',
  'invoice.issued',
  'credit_note.issued',
  'quote.offered',
  'quote.accepted',
  'part.low_stock',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What a company's endpoint may hear: its own orders and quotes, never the shop's stock. */
export const COMPANY_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES.filter(
  (t) => t !== 'part.low_stock',
);

export const WebhookEndpointBody = z.strictObject({
  url: z
    .string({ error: 'The address is required' })
    .trim()
    .max(2000, 'The address is too long')
    .refine((v) => URL.canParse(v), 'Give a full address (https://…)')
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'The address starts with https://'),
  description: z.string().trim().max(200, 'At most 200 characters').default(''),
  /** Left empty: every event this endpoint may hear. */
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES), { error: 'Event types must be a list' })
    .max(WEBHOOK_EVENT_TYPES.length)
    .default([]),
});
export type WebhookEndpointBody = z.input<typeof WebhookEndpointBody>;

export const WebhookEndpointView = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;
export const WebhookEndpointList = z.array(WebhookEndpointView);

/** The signing secret (`whsec_…`), shown when made and when rotated. */
export const WebhookSecret = z.object({ secret: z.string() });
export const CreatedWebhookEndpoint = WebhookEndpointView.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const WebhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;
export const WebhookDeliveryList = z.array(WebhookDeliveryView);

export const StaffWebhookParams = z.object({ id: PathId });
export const StaffWebhookDeliveryParams = z.object({ id: PathId, deliveryId: PathId });
export const CompanyWebhookParams = z.object({ id: PathId, endpointId: PathId });
export const CompanyWebhookDeliveryParams = z.object({
  id: PathId,
  endpointId: PathId,
  deliveryId: PathId,
});

/** What a receiver gets: the event's id, type, time and the object as the v1 API shows it. */
export const WebhookEventBody = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  data: z.unknown(),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
