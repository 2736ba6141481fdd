import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, TAX_TREATMENTS } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { parts } from '../parts/parts.tables.js';

/** Order numbers: short, sequential, unique under any concurrency on both databases. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `A-10042` (formatOrderNumber). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_numbers')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The customer's name and email when ordering, as the order form showed them. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The ship-to address on one line (the spec's field), composed from the parts below. */
    address: text('address').notNull(),
    shipStreet: text('ship_street').notNull().default(''),
    shipCity: text('ship_city').notNull().default(''),
    shipPostalCode: text('ship_postal_code').notNull().default(''),
    shipCountry: text('ship_country').notNull().default(''),
    /** The ship-to's state or province ('' when none was asked): where the tax region is found. */
    shipState: text('ship_state').notNull().default(''),
    phone: text('phone').notNull(),
    /** A business buyer's details, printed on the invoice. */
    company: text('company'),
    taxId: text('tax_id'),
    poNumber: text('po_number'),
    /**
     * The company the order was placed for (its member is `user_id`), or null for a personal
     * order. The foreign key to `companies` is in migration 0017 (the companies module's table
     * refers to this one, so this definition does not import it back).
     */
    companyId: uuid('company_id'),
    /** `account`: a company's order on its payment terms, confirmed at once and invoiced. */
    paymentMode: text('payment_mode', { enum: ['card', 'account'] })
      .notNull()
      .default('card'),
    /**
     * The quote this order was accepted from (unique: a quote becomes at most one order); its
     * lines carry the quoted prices. The foreign key is in migration 0018.
     */
    quoteId: uuid('quote_id').unique(),
    /** The order form's key: a repeat of the same request returns this order. */
    idempotencyKey: text('idempotency_key'),
    /**
     * What the order's live lines (`order_lines`, not canceled one by one) add up to: what is due
     * while unpaid. Written with the lines, in the same statement or transaction.
     */
    // Up to MAX_QUANTITY x MAX_PRICE in cents overflows a 32-bit integer; it stays far below 2^53.
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /**
     * The tax inside `total_cents` (which is gross: the live lines' totals plus their taxes),
     * computed when the order was placed (decision 063) and lowered with a canceled line's tax.
     */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The live lines' core deposits inside `total_cents` (decision 069): gross is net + tax +
     * deposits. Lowered with a canceled line's deposit.
     */
    coreCents: bigint('core_cents', { mode: 'number' }).notNull().default(0),
    /** How the order was taxed (`none`: no tax region, every amount as before taxes existed). */
    taxTreatment: text('tax_treatment', { enum: TAX_TREATMENTS }).notNull().default('none'),
    /** The tax region's key (`US-CA`), null when none. */
    taxRegion: text('tax_region'),
    /** Why an exemption or reverse charge did not apply (an expired certificate). */
    taxNote: text('tax_note'),
    /** The exemption certificate's number (exempt) and the buyer's VAT id (reverse charge). */
    taxCertificate: text('tax_certificate'),
    buyerVatId: text('buyer_vat_id'),
    /** Written only by transitionOrder (order-status.ts). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    /** Money given back (payments module's refunds): pending until the provider confirms it. */
    refundStatus: text('refund_status', { enum: ['pending', 'succeeded', 'failed'] }),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The terms of sale in force when the order was placed (a `page_versions` row; the foreign key
     * is in migration 0019, so this module does not import the policies module's table).
     */
    termsVersionId: uuid('terms_version_id'),
    /**
     * The id of the transaction that last wrote the order (a trigger sets it, migration 0022): the
     * v1 orders feed's order (decision 059).
     */
    changeTxid: bigint('change_txid', { mode: 'number' }).notNull().default(0),
    /**
     * A warranty replacement at no charge: the return it settles (unique; the foreign key is in
     * migration 0046, as the returns module's table refers to this one) and its number, copied.
     */
    replacesReturnId: uuid('replaces_return_id'),
    replacesReturnNumber: bigint('replaces_return_number', { mode: 'number' }),
    /** The customer's account was deleted: only the invoice's fields remain (decision 052). */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'orders_status_known',
      sql`${t.status} in ('unpaid', 'pending', 'paid', 'shipped', 'delivered', 'canceled')`,
    ),
    check('orders_total_not_negative', sql`${t.totalCents} >= 0`),
    check(
      'orders_replacement_is_free',
      sql`${t.replacesReturnId} is null or (${t.totalCents} = 0 and ${t.replacesReturnNumber} is not null)`,
    ),
    uniqueIndex('orders_replaces_return_idx')
      .on(t.replacesReturnId)
      .where(sql`${t.replacesReturnId} is not null`),
    check('orders_tax_within_total', sql`${t.taxCents} >= 0 and ${t.taxCents} <= ${t.totalCents}`),
    check(
      'orders_core_within_total',
      sql`${t.coreCents} >= 0 and ${t.coreCents} + ${t.taxCents} <= ${t.totalCents}`,
    ),
    check(
      'orders_tax_treatment_known',
      sql`${t.taxTreatment} in ('none', 'standard', 'exempt', 'reverse_charge')`,
    ),
    check('orders_payment_mode_known', sql`${t.paymentMode} in ('card', 'account')`),
    check(
      'orders_account_is_company',
      sql`${t.paymentMode} = 'card' or (${t.companyId} is not null and ${t.status} <> 'unpaid' and ${t.status} <> 'pending')`,
    ),
    index('orders_company_created_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The sweep's only question: which unpaid orders have been idle too long?
    index('orders_unpaid_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('orders_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The staff list: one status, newest first, a keyset page at a time.
    index('orders_status_number_idx').on(t.status, t.number),
    index('orders_created_idx').on(t.createdAt),
    // Staff search: the emails that matched (orderCustomerEmails), then each one's orders, newest
    // first (part names: order_lines_part_name_number_idx).
    index('orders_email_number_idx').on(t.email, t.number),
    // The overview's revenue since a day.
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * The parts of an order, one line per part (a part's quantities are summed before placing), each
 * at the name and unit price it was sold at. A one-part order is an order with one line. A line is
 * canceled on its own by staff (`canceled_at`): its stock returns, and it leaves the order's total.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** 1, 2, … in the order the buyer listed them. */
    lineNo: integer('line_no').notNull(),
    /** The order's number, copied: the staff search reads a part name's orders newest first. */
    orderNumber: bigint('order_number', { mode: 'number' }).notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    /** Kept so an order still reads right after the part is renamed or renumbered. */
    sku: text('sku').notNull(),
    partName: text('part_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The line's tax rate in basis points and its tax (half up, decision 063): 0 untaxed. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** The volume price the line got (the step's quantity); null at the part's own price. */
    priceStep: integer('price_step'),
    /** The buyer's own reference (job card, plate, VIN), at most 64 characters. */
    reference: text('reference'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** A warranty replacement's line: the only kind of line priced at 0 (migration 0046). */
    noCharge: boolean('no_charge').notNull().default(false),
    /** The part's core deposit of one piece when sold, and the line's (decision 069); 0: none. */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    coreCents: bigint('core_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    uniqueIndex('order_lines_order_part_key').on(t.orderId, t.partId),
    check('order_lines_line_no_positive', sql`${t.lineNo} > 0`),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_unit_price_positive',
      sql`${t.unitPriceCents} > 0 or (${t.noCharge} and ${t.unitPriceCents} = 0)`,
    ),
    check(
      'order_lines_total_is_unit_times_quantity',
      sql`${t.totalCents} = ${t.unitPriceCents}::bigint * ${t.quantity}`,
    ),
    check(
      'order_lines_tax_is_rate_of_total',
      sql`${t.taxCents} = (${t.totalCents} * ${t.taxRateBp} + 5000) / 10000`,
    ),
    check(
      'order_lines_core_is_charge_times_quantity',
      sql`${t.coreChargeCents} >= 0 and ${t.coreCents} = ${t.coreChargeCents}::bigint * ${t.quantity}`,
    ),
    index('order_lines_part_name_number_idx').on(t.partName, t.orderNumber),
    // The core sweep's question: which orders carry deposits.
    index('order_lines_core_idx')
      .on(t.orderId)
      .where(sql`${t.coreCents} > 0`),
  ],
);
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * Every email and every part name any order has, once: the staff search ("part of an email or of
 * a part's name", ILIKE '%…%') reads these through their trigram indexes, then the orders that
 * have them. A trigram index on the orders themselves read the posting list of every trigram the
 * pattern has, and `past-customer-` shares most of them with every order: 40 ms a search at
 * 100,000 orders, where these hold one row per customer and per part sold. Kept by a trigger on
 * `orders` (migration 0011), so no writer can forget them.
 */
export const orderCustomerEmails = pgTable(
  'order_customer_emails',
  { email: text('email').primaryKey() },
  (t) => [index('order_customer_emails_trgm_idx').using('gin', t.email.op('gin_trgm_ops'))],
);
export const orderPartNames = pgTable(
  'order_part_names',
  { partName: text('part_name').primaryKey() },
  (t) => [index('order_part_names_trgm_idx').using('gin', t.partName.op('gin_trgm_ops'))],
);

/**
 * Per account: its unpaid orders (how many, what value) and its placements in the current
 * ten-minute window. Placing an order checks and locks this one row in the placing statement
 * itself (a conditional upsert, which PostgreSQL re-checks against the newest version after
 * waiting for a concurrent placer), so the ceilings hold under concurrency without a transaction
 * of several round trips around an advisory lock. Kept by triggers on `orders` (migration 0013),
 * so every insert and every status change, by any writer, counts.
 */
export const accountOrderCounts = pgTable('account_order_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  unpaidCount: integer('unpaid_count').notNull().default(0),
  unpaidCents: bigint('unpaid_cents', { mode: 'number' }).notNull().default(0),
  /** Start of the window the placements are counted in (a fixed window, opened by the first). */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
  windowCount: integer('window_count').notNull().default(0),
});

export const ORDER_ACTORS = ['customer', 'staff', 'system', 'provider'] as const;

/**
 * Every change of an order (who, when, from, to): the timeline staff and customers see. Written
 * by the one transition function, in the transaction of the change.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    /** The customer's or staff member's user id; null for the system and the provider. */
    actorId: text('actor_id'),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);
export type OrderEventRow = typeof orderEvents.$inferSelect;
