import { z } from 'zod';
import { Email, optionalText, PathId, requiredText } from './common.js';
import { ORDER_STATUSES } from './constants.js';
import { OrderEmailResponse, OrderResponse } from './orders.js';

/** How an order stands with its money, derived from its status and refund. */
export const PAYMENT_STATES = [
  'unpaid',
  'pending',
  'paid',
  // A company's order on its account: confirmed without a card, owed on its invoice.
  'on account',
  'refund pending',
  'refunded',
  'voided',
] as const;
/** How an order stands with its goods. */
export const FULFILMENT_STATES = ['not shipped', 'shipped', 'delivered', 'canceled'] as const;

const isoDate = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD');

/**
 * The staff order list's filters, all in the address: status, one search box (an order number,
 * part of a customer's email, or part of a part's name), a date range (inclusive, UTC days) and a
 * cursor from the previous page.
 */
export const StaffOrderQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Unknown status' }).optional(),
  q: optionalText('Search', 100),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The last row of the previous page, from `nextCursor`. */
  after: z.string().max(200).optional(),
  /** The first row of the next page, from `prevCursor`, to go back. */
  before: z.string().max(200).optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(200, 'At most 200 orders a page')
    .default(50),
});
export type StaffOrderQuery = z.input<typeof StaffOrderQuery>;

export const StaffOrderRow = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The part's name, or "Brake pads and 2 more parts". */
  partName: z.string(),
  /** Every live line's pieces together. */
  quantity: z.number().int(),
  lineCount: z.number().int(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  payment: z.enum(PAYMENT_STATES),
  fulfilment: z.enum(FULFILMENT_STATES),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRow>;

export const StaffOrderPage = z.object({
  items: z.array(StaffOrderRow),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
export type StaffOrderPage = z.infer<typeof StaffOrderPage>;

/** Of the whole filtered set, not only a page. */
export const StaffOrderTotals = z.object({ count: z.number().int(), value: z.number() });
export type StaffOrderTotals = z.infer<typeof StaffOrderTotals>;

/** The filters alone, without the paging: what the totals and the export take. */
export const StaffOrderFilterQuery = StaffOrderQuery.omit({
  after: true,
  before: true,
  pageSize: true,
});

export const OrderTimelineEntry = z.object({
  at: z.string(),
  actor: z.enum(['customer', 'staff', 'system', 'provider']),
  /** The staff member or customer, when a person did it. */
  actorEmail: z.string().nullable(),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
});

/** Everything about one order, for staff. */
export const StaffOrderDetails = z.object({
  order: OrderResponse,
  payment: z.enum(PAYMENT_STATES),
  fulfilment: z.enum(FULFILMENT_STATES),
  customer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  paymentRecord: z
    .object({
      provider: z.string(),
      intentId: z.string(),
      status: z.string(),
      amount: z.number(),
      attempt: z.number().int(),
    })
    .nullable(),
  refunds: z.array(
    z.object({
      amount: z.number(),
      status: z.string(),
      reason: z.string(),
      providerRefundId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  timeline: z.array(OrderTimelineEntry),
  emails: z.array(OrderEmailResponse),
});
export type StaffOrderDetails = z.infer<typeof StaffOrderDetails>;

export const ShipOrderBody = z.object({
  carrier: requiredText('Carrier', 'Carrier is required', 60),
  trackingNumber: requiredText('Tracking number', 'Tracking number is required', 100),
});
export type ShipOrderBody = z.input<typeof ShipOrderBody>;

/** One line of one order: its order's id and its line number (1, 2, …). */
export const OrderLineParams = z.object({
  id: PathId,
  lineNo: z.coerce
    .number({ error: 'Line must be a number' })
    .int('Line must be a whole number')
    .min(1, 'Lines start at 1')
    .max(10_000, 'No order has so many lines'),
});

export const StaffCancelBody = z.object({
  reason: optionalText('Reason', 300),
});

export const StaffOverview = z.object({
  today: z.object({ paidOrders: z.number().int(), revenue: z.number() }),
  last30Days: z.object({ paidOrders: z.number().int(), revenue: z.number() }),
  waitingToShip: z.number().int(),
  lowStockParts: z.number().int(),
  /** Returns not yet settled or refused (decision 064). */
  openReturns: z.number().int(),
  /** Cores past their return window whose deposit is not yet kept (decision 069). */
  overdueCores: z.number().int(),
  /** What the shop still lacks before it opens (settings unset, pages still templates). */
  warnings: z.array(z.string()),
});
export type StaffOverview = z.infer<typeof StaffOverview>;

export const AdminEntry = z.object({
  email: z.string(),
  source: z.enum(['env', 'command', 'staff', 'demo']),
  grantedAt: z.string(),
  grantedBy: z.string().nullable(),
  /** Waiting for its owner to prove the address. */
  pending: z.boolean(),
});
export const AdminList = z.array(AdminEntry);
export type AdminEntry = z.infer<typeof AdminEntry>;

export const GrantAdminBody = z.object({ email: Email });
export const AdminEmailParams = z.object({ email: z.string().max(320) });

export const AuditQuery = z.object({
  after: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({
  items: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;
