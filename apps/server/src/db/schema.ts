/** Every table, for Drizzle's query builder and drizzle-kit; each module owns its own file. */
export * from '../modules/parts/parts.schema.js';
export * from '../modules/reviews/reviews.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../modules/users/users.schema.js';
export * from '../modules/orders/orders.schema.js';
export * from '../modules/payments/payments.schema.js';
