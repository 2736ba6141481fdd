import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.js';

/** What the shop knows about a customer beyond the identity provider's name and email. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  education: text('education').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Admins by email, so an admin can be named before they sign up. `source` says who granted it:
 * `env` rows follow ADMIN_EMAILS at every start; `command` and `demo` rows stay until revoked.
 */
export const admins = pgTable('admins', {
  email: text('email').primaryKey(),
  source: text('source', { enum: ['env', 'command', 'demo'] }).notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});
