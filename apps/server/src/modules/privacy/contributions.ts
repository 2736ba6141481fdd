import { auditPrivacy } from '../audit/audit.privacy.js';
import { authPrivacy } from '../auth/auth.privacy.js';
import { cartPrivacy } from '../cart/cart.privacy.js';
import { companiesPrivacy } from '../companies/companies.privacy.js';
import { limitsPrivacy } from '../limits/limits.privacy.js';
import { mailPrivacy } from '../mail/mail.privacy.js';
import { ordersPrivacy } from '../orders/orders.privacy.js';
import { priceListsPrivacy } from '../price-lists/price-lists.privacy.js';
import { outboxPrivacy } from '../outbox/outbox.privacy.js';
import { quotesPrivacy } from '../quotes/quotes.privacy.js';
import { returnsPrivacy } from '../returns/returns.privacy.js';
import { reviewsPrivacy } from '../reviews/reviews.privacy.js';
import { usersPrivacy } from '../users/users.privacy.js';
import type { PrivacyContribution } from './contribution.js';

/**
 * Every module that holds personal data, in the order the erasure runs them (the account, and so
 * every session and access key, first). A module with a new table of personal data adds its
 * `*.privacy.ts` here: the erasure test reads every text column of every table, so a table left
 * out fails it.
 */
export const PRIVACY_CONTRIBUTIONS: readonly PrivacyContribution[] = [
  authPrivacy,
  usersPrivacy,
  cartPrivacy,
  ordersPrivacy,
  reviewsPrivacy,
  mailPrivacy,
  companiesPrivacy,
  priceListsPrivacy,
  quotesPrivacy,
  returnsPrivacy,
  outboxPrivacy,
  limitsPrivacy,
  auditPrivacy,
];
