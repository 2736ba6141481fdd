import { formatMoney, formatQuoteNumber, fromCents, type QuoteStatus } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { findUserById } from '../auth/identity.service.js';
import { MANAGERS, membersOf, roleIn } from '../companies/companies.service.js';
import { queueMail } from '../mail/mail.service.js';
import { listAdmins } from '../users/roles.service.js';
import type { QuoteRow } from './quotes.tables.js';

export type QuoteMailConfig = { publicUrl: string; brandName: string };

const buyerLines: Partial<Record<QuoteStatus, (q: QuoteTexts) => [string, string]>> = {
  offered: (q) => [
    `Your quote ${q.number}: our offer`,
    `We have sent you an offer (version ${q.version}) for quote ${q.number}` +
      `${q.total === null ? '' : `, ${formatMoney(fromCents(q.total))} in all`}, valid until ${q.validUntil}.` +
      `${q.message ? `\n\n${q.message}` : ''}\n\nAccept it, reject it or ask for a revision: ${q.link}`,
  ],
  declined: (q) => [
    `Your quote ${q.number} was declined`,
    `We cannot offer a price for quote ${q.number}.${q.message ? `\n\n${q.message}` : ''}\n\n${q.link}`,
  ],
  expired: (q) => [
    `Your quote ${q.number} has expired`,
    `The offer for quote ${q.number} was valid until ${q.validUntil} and can no longer be accepted. ` +
      `You can request a new quote from your cart.\n\n${q.link}`,
  ],
  accepted: (q) => [
    `Your quote ${q.number} is accepted`,
    `You accepted our offer for quote ${q.number}; it is order ${q.orderNumber ?? ''}.\n\n${q.link}`,
  ],
};

const staffLines: Partial<Record<QuoteStatus, (q: QuoteTexts) => [string, string]>> = {
  requested: (q) => [
    `Quote requested: ${q.number}`,
    `${q.buyer} asks for a price (quote ${q.number}).${q.message ? `\n\n${q.message}` : ''}\n\n${q.staffLink}`,
  ],
  accepted: (q) => [
    `Quote accepted: ${q.number}`,
    `${q.buyer} accepted version ${q.version} of quote ${q.number}: order ${q.orderNumber ?? ''}.\n\n${q.staffLink}`,
  ],
  rejected: (q) => [
    `Quote rejected: ${q.number}`,
    `${q.buyer} ${q.version === 0 ? 'withdrew the request of' : `rejected version ${q.version} of`} quote ${q.number}.${q.message ? `\n\n${q.message}` : ''}\n\n${q.staffLink}`,
  ],
  revision_requested: (q) => [
    `Quote revision asked: ${q.number}`,
    `${q.buyer} asks for a revision of quote ${q.number} (version ${q.version}).${q.message ? `\n\n${q.message}` : ''}\n\n${q.staffLink}`,
  ],
};

/**
 * Who hears of staff's steps on a quote: those who may see it now (decision 057). A personal
 * quote's requester; for a company's quote, the requester while still a member, else the
 * company's owners and admins, so a removed member is never mailed the company's prices.
 */
async function buyerSide(
  tx: DbOrTx,
  quote: QuoteRow,
  requester: string | undefined,
): Promise<string[]> {
  if (quote.companyId === null) return requester ? [requester] : [];
  if (requester && (await roleIn(tx, quote.companyId, quote.userId))) return [requester];
  return (await membersOf(tx, quote.companyId))
    .filter((m) => MANAGERS.includes(m.role) && m.email)
    .map((m) => m.email);
}

type QuoteTexts = {
  number: string;
  version: number;
  total: number | null;
  validUntil: string;
  message: string;
  link: string;
  staffLink: string;
  buyer: string;
  orderNumber?: string | undefined;
};

/**
 * The mail of one step to the other side, queued in the step's transaction (outbox): a buyer's
 * step goes to the shop's admins, a staff or system step to the buyer's side (`buyerSide`). Once per quote,
 * step and version (the outbox's dedupe key).
 */
export async function queueQuoteMail(
  tx: DbOrTx,
  config: QuoteMailConfig,
  quote: QuoteRow,
  step: {
    to: QuoteStatus;
    version: number;
    message?: string;
    totalCents?: number | null;
    orderNumber?: string;
  },
): Promise<void> {
  const buyer = await findUserById(tx, quote.userId);
  const texts: QuoteTexts = {
    number: formatQuoteNumber(quote.number, quote.createdAt),
    version: step.version,
    total: step.totalCents ?? null,
    validUntil: quote.validUntil ? quote.validUntil.toISOString().slice(0, 10) : '',
    message: step.message ?? '',
    link: `${config.publicUrl}/quotes/${quote.id}`,
    staffLink: `${config.publicUrl}/dashboard/quotes/${quote.id}`,
    buyer: buyer ? `${buyer.name} <${buyer.email}>` : 'A buyer',
    orderNumber: step.orderNumber,
  };
  const key = `quote:${quote.id}:${step.to}:${step.version}`;
  const forBuyer = buyerLines[step.to];
  if (forBuyer) {
    const [subject, text] = forBuyer(texts);
    for (const to of await buyerSide(tx, quote, buyer?.email))
      await queueMail(
        tx,
        { to, subject: `${subject} (${config.brandName})`, text },
        // The requester's mail keeps the key it always had (one mail per step, however often).
        to === buyer?.email ? `${key}:buyer` : `${key}:member:${to}`,
      );
  }
  const forStaff = staffLines[step.to];
  if (forStaff) {
    const [subject, text] = forStaff(texts);
    const admins = (await listAdmins(tx)).filter((a) => !a.pending && a.userId !== null);
    for (const a of admins)
      await queueMail(tx, { to: a.email, subject, text }, `${key}:staff:${a.email}`);
  }
}
