import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Vehicle } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';

/** What the shop knows about a customer beyond the identity provider's name and email. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  education: text('education').notNull().default(''),
  /** The customer's vehicle (make, model, year): the catalog marks and filters parts by it. */
  vehicle: jsonb('vehicle').$type<Vehicle>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who granted a role: `env` follows ADMIN_EMAILS at every start, `command` the admin command,
 * `staff` another admin in the console, `demo` the demo seed.
 */
export const ROLE_SOURCES = ['env', 'command', 'staff', 'demo'] as const;
export type RoleSource = (typeof ROLE_SOURCES)[number];

/**
 * The admin role, held by a user id. Roles are read by id on every check; an email never grants
 * anything by itself.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin'] })
      .notNull()
      .default('admin'),
    source: text('source', { enum: ROLE_SOURCES }).notNull(),
    /** The admin who granted it (`staff`), else null. */
    grantedBy: text('granted_by'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_roles_role_known', sql`${t.role} in ('admin')`)],
);

/**
 * A role promised to an address (ADMIN_EMAILS, the admin command, or staff naming someone who has
 * not signed up or not proved the address yet). It becomes a `user_roles` row when the owner of
 * the address proves it: email verification, a password reset, or Google's verified address.
 */
export const roleGrants = pgTable('role_grants', {
  email: text('email').primaryKey(),
  source: text('source', { enum: ROLE_SOURCES }).notNull(),
  grantedBy: text('granted_by'),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});
