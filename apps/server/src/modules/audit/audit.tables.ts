import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff action (orders, parts, stock, roles): who, when, what, on what. Written in the same
 * transaction as the action, so one never exists without the other.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Sequential: newest first is id order, and it is the page cursor. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    /** The staff member's address at the time (kept if their account changes). */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** One line for people: "Shipped A-10042 with DHL 00340434…". */
    summary: text('summary').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
export type AuditRow = typeof auditLog.$inferSelect;
