/** Every table, for Drizzle's query builder and drizzle-kit; each module owns its own file. */
export * from '../modules/parts/parts.tables.js';
export * from '../modules/parts/stock.tables.js';
export * from '../modules/reviews/reviews.tables.js';
export * from '../modules/auth/auth.tables.js';
export * from '../modules/users/users.tables.js';
export * from '../modules/orders/orders.tables.js';
export * from '../modules/cart/cart.tables.js';
export * from '../modules/payments/payments.tables.js';
export * from '../modules/outbox/outbox.tables.js';
export * from '../modules/limits/limits.tables.js';
export * from '../modules/mail/mail.tables.js';
export * from '../modules/audit/audit.tables.js';
export * from '../modules/companies/companies.tables.js';
export * from '../modules/quotes/quotes.tables.js';
export * from '../modules/policies/policies.tables.js';
export * from '../modules/catalog-import/import.tables.js';
export * from '../modules/api-keys/api-keys.tables.js';
