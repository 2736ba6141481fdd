import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { emitEvent } from '../webhooks/events.js';
import { formatMoney, fromCents, isUuid, taxTakenBack } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  companies,
  companyCreditBalance,
  companyCreditNotes,
  companyInvoices,
  companyMembers,
  companyPayments,
  type CompanyCreditNoteRow,
  type CompanyInvoiceRow,
  type CompanyPaymentRow,
  type CompanyRow,
} from './companies.tables.js';

export type { CompanyCreditNoteRow, CompanyInvoiceRow, CompanyPaymentRow };

const value = (name: string) => sql.placeholder(name);

/**
 * Payment on account, as a CTE of the placing statement (decision 045): the company's row, locked,
 * only when the order is on account, its terms are approved and its credit in use plus `adding`
 * stays within its limit. The lock is taken before any part's (the lock order: the account's
 * counts, the company, then parts by id), and a concurrent order of the same company waits for it;
 * PostgreSQL then checks the conditions again against the row the first one left, whose credit in
 * use its invoice has already raised (trigger on `company_invoices`). So two members ordering at
 * once can never pass the limit together: nothing is read and compared outside the statement.
 */
export const creditGateCte = (adding: SQL): SQL => sql`credit as (
    select c.id, c.terms_days from ${companies} c
     where ${value('onAccount')}::boolean
       and c.id = ${value('companyId')}::uuid
       and c.terms = 'approved' and c.terms_days is not null
       and c.credit_used_cents + ${adding} <= c.credit_limit_cents
       for no key update
  )`;

/**
 * The invoice of the `inserted` order when it is on account, due after the company's terms, as a
 * CTE of the placing statement. Inserting it raises the company's credit in use (trigger).
 */
export const accountInvoiceCte = (): SQL => sql`account_invoice as (
    insert into ${companyInvoices} (company_id, order_id, amount_cents, due_at)
    select i.company_id, i.id, i.total_cents, now() + make_interval(days => c.terms_days)
      from inserted i cross join credit c
     where i.payment_mode = 'account'
    returning id
  )`;

/**
 * An order's invoice on account as one JSON value of the order's row (`account`): when it is due
 * and whether it is settled, so the buyer's pages can say "On account, due …" until staff record
 * the payment, instead of the order's status `paid` (which on account only means confirmed).
 */
export const accountJsonSql = (order: string) =>
  sql.raw(`(select jsonb_build_object('dueAt', ci.due_at,
        'paid', ci.paid_cents + ci.credited_cents >= ci.amount_cents)
      from company_invoices ci where ci.order_id = ${order}.id and ci.voided_at is null) as account`);

/** Why an order on account was refused, with the figures (409). */
export class CreditRefusal extends AppError {
  constructor(
    message: string,
    readonly figures: {
      orderTotal: number;
      creditLimit: number;
      creditUsed: number;
      creditAvailable: number;
    },
    code = 'CREDIT_LIMIT',
  ) {
    super(409, code, message);
  }

  override toBody() {
    return { ...super.toBody(), ...this.figures };
  }
}

/** The refusal of an order on account of `addingCents`, from the company as it is now. */
export async function creditRefusal(
  db: DbOrTx,
  companyId: string,
  addingCents: number,
): Promise<CreditRefusal> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const limit = company?.creditLimitCents ?? 0;
  const used = company?.creditUsedCents ?? 0;
  const figures = {
    orderTotal: fromCents(addingCents),
    creditLimit: fromCents(limit),
    creditUsed: fromCents(used),
    creditAvailable: fromCents(Math.max(0, limit - used)),
  };
  if (!company || company.terms !== 'approved')
    return new CreditRefusal(
      company?.terms === 'suspended'
        ? "The company's payment on account is suspended: pay by card instead."
        : 'This company does not pay on account: pay by card instead.',
      figures,
      'NO_ACCOUNT_TERMS',
    );
  return new CreditRefusal(
    `This order (${formatMoney(figures.orderTotal)}) would pass the company's credit limit of ` +
      `${formatMoney(figures.creditLimit)}: ${formatMoney(figures.creditUsed)} is in use, ` +
      `${formatMoney(figures.creditAvailable)} is available. Nothing was ordered: ` +
      'order less, pay by card, or settle open invoices first.',
    figures,
  );
}

/** The company's row, locked until the caller's transaction ends (lock order: company first). */
export async function lockCompany(tx: DbOrTx, companyId: string): Promise<CompanyRow | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await tx
    .select()
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  return row;
}

export async function findInvoice(db: DbOrTx, id: string): Promise<CompanyInvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(companyInvoices).where(eq(companyInvoices.id, id)).limit(1);
  return row;
}

/** What an invoice still asks. */
export const openCents = (invoice: CompanyInvoiceRow): number =>
  invoice.voidedAt ? 0 : invoice.amountCents - invoice.paidCents - invoice.creditedCents;

/**
 * An order on account canceled before it shipped: its invoice is void, so its credit is released
 * (trigger), in the cancel's transaction. The caller has locked the company's row first.
 */
export async function voidInvoiceOfOrder(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(companyInvoices)
    .set({ voidedAt: new Date() })
    .where(and(eq(companyInvoices.orderId, orderId), isNull(companyInvoices.voidedAt)));
}

/** An order's total lowered (a line canceled): its invoice asks less, or is void when it is all. */
export async function lowerInvoiceOfOrder(
  tx: DbOrTx,
  orderId: string,
  byCents: number,
): Promise<void> {
  const [lowered] = await tx
    .update(companyInvoices)
    .set({ amountCents: sql`${companyInvoices.amountCents} - ${byCents}` })
    .where(
      and(
        eq(companyInvoices.orderId, orderId),
        isNull(companyInvoices.voidedAt),
        sql`${companyInvoices.amountCents} - ${byCents} >= greatest(1, ${companyInvoices.paidCents} + ${companyInvoices.creditedCents})`,
      ),
    )
    .returning({ id: companyInvoices.id });
  if (!lowered)
    throw new AppError(
      409,
      'INVOICE_PAID',
      'More has been paid on this invoice than it would ask without the line: issue a credit note instead',
    );
}

const notOpen = () =>
  new AppError(409, 'INVOICE_SETTLED', 'This invoice is paid, credited or void: nothing is due');

/**
 * Locks an invoice for a payment or a credit note: its company's row first, then the invoice (the
 * one order in which a company's money changes), and answers what it still asks; 404 for no such
 * invoice, 409 when nothing is open on it.
 */
async function lockOpenInvoice(tx: DbOrTx, invoiceId: string): Promise<number> {
  const found = await findInvoice(tx, invoiceId);
  if (!found) throw notFound('Invoice');
  await lockCompany(tx, found.companyId);
  const [invoice] = await tx
    .select()
    .from(companyInvoices)
    .where(eq(companyInvoices.id, invoiceId))
    .for('update');
  if (!invoice) throw notFound('Invoice');
  const open = openCents(invoice);
  if (open <= 0) throw notOpen();
  return open;
}

/**
 * Locks an invoice (its company's row first) for a return's credit note, which may go to the
 * credit balance when nothing is open: answers what it still asks (0 when paid); 404 when void.
 */
async function lockInvoice(tx: DbOrTx, invoiceId: string): Promise<number> {
  const found = await findInvoice(tx, invoiceId);
  if (!found) throw notFound('Invoice');
  await lockCompany(tx, found.companyId);
  const [invoice] = await tx
    .select()
    .from(companyInvoices)
    .where(eq(companyInvoices.id, invoiceId))
    .for('update');
  if (!invoice || invoice.voidedAt) throw notFound('Invoice');
  return Math.max(0, openCents(invoice));
}

/**
 * Staff record money received against an invoice (bank transfer): at most what is still due. A
 * part payment leaves the rest due. The company's row is locked first, then the invoice, so a
 * payment, a cancel and an order of the same company queue in one order.
 */
export async function recordPayment(
  tx: DbOrTx,
  invoiceId: string,
  payment: { amountCents: number; receivedOn: string; reference: string; recordedBy: string },
): Promise<CompanyInvoiceRow> {
  const due = await lockOpenInvoice(tx, invoiceId);
  if (payment.amountCents > due)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Only ${formatMoney(fromCents(due))} is due on this invoice`,
      { amount: `At most ${formatMoney(fromCents(due))}` },
    );
  await tx.insert(companyPayments).values({ invoiceId, ...payment });
  const [updated] = await tx
    .update(companyInvoices)
    .set({ paidCents: sql`${companyInvoices.paidCents} + ${payment.amountCents}` })
    .where(eq(companyInvoices.id, invoiceId))
    .returning();
  if (!updated) throw notFound('Invoice');
  return updated;
}

/**
 * The tax inside a credit note (decision 063): the invoice's share of the order's tax for
 * everything credited so far, less what earlier notes took back (contract `taxTakenBack`), so the
 * notes of an invoice never take back more tax than it charged. The invoice is locked by the caller.
 */
async function creditNoteTax(
  tx: DbOrTx,
  invoiceId: string,
  amountCents: number,
  orderTaxCents: number,
  exactTaxCents?: number,
): Promise<number> {
  if (orderTaxCents <= 0) return 0;
  const [row] = await tx
    .select({
      amountCents: companyInvoices.amountCents,
      creditedCents: companyInvoices.creditedCents,
    })
    .from(companyInvoices)
    .where(eq(companyInvoices.id, invoiceId));
  if (!row) return 0;
  const [earlier] = await tx
    .select({ tax: sql<string>`coalesce(sum(${companyCreditNotes.taxCents}), 0)` })
    .from(companyCreditNotes)
    .where(eq(companyCreditNotes.invoiceId, invoiceId));
  // A return knows the tax of what it takes back (decision 065): that, within what is left.
  if (exactTaxCents !== undefined)
    return Math.max(
      0,
      Math.min(exactTaxCents, amountCents, orderTaxCents - Number(earlier?.tax ?? 0)),
    );
  return taxTakenBack(
    { grossCents: row.amountCents, taxCents: orderTaxCents },
    { grossCents: row.creditedCents, taxCents: Number(earlier?.tax ?? 0) },
    amountCents,
  );
}

/**
 * What the credit notes of an invoice took back so far, in all and in tax (decision 063): with
 * the parts that went to the company's credit balance (decision 065), which the invoice's
 * `credited_cents` does not count.
 */
export async function creditNoteTotals(
  tx: DbOrTx,
  invoiceId: string,
): Promise<{ amountCents: number; taxCents: number }> {
  const [row] = await tx
    .select({
      amount: sql<string>`coalesce(sum(${companyCreditNotes.amountCents}), 0)`,
      tax: sql<string>`coalesce(sum(${companyCreditNotes.taxCents}), 0)`,
    })
    .from(companyCreditNotes)
    .where(eq(companyCreditNotes.invoiceId, invoiceId));
  return { amountCents: Number(row?.amount ?? 0), taxCents: Number(row?.tax ?? 0) };
}

/**
 * A credit note against the invoice of a shipped order on account: it takes back up to what the
 * invoice still asks, so that much credit is released, numbered from its own sequence. Money
 * already received is not repaid here (a bank transfer back is arranged outside the shop).
 */
export async function issueCreditNote(
  tx: DbOrTx,
  invoiceId: string,
  note: {
    amountCents: number;
    reason: string;
    issuedBy: string;
    /** The tax the order holds now (decision 063): the note takes back its share. */
    orderTaxCents?: number;
    /**
     * The exact tax inside the amount when the caller knows it (a return's pieces, decision
     * 065), instead of the invoice's share; never more than the tax the invoice has left.
     */
    taxCents?: number;
    /**
     * A return's credit (decision 065): what the invoice no longer asks (it was paid) goes to the
     * company's credit balance instead of being refused. The caller keeps the total within what
     * the invoice charged.
     */
    restToBalance?: boolean;
  },
): Promise<CompanyCreditNoteRow> {
  const creditable = note.restToBalance
    ? await lockInvoice(tx, invoiceId)
    : await lockOpenInvoice(tx, invoiceId);
  const onInvoice = Math.min(note.amountCents, creditable);
  if (!note.restToBalance && note.amountCents > creditable)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `At most ${formatMoney(fromCents(creditable))} can be credited on this invoice`,
      { amount: `At most ${formatMoney(fromCents(creditable))}` },
    );
  const taxCents = await creditNoteTax(
    tx,
    invoiceId,
    note.amountCents,
    note.orderTaxCents ?? 0,
    note.taxCents,
  );
  if (onInvoice > 0)
    await tx
      .update(companyInvoices)
      .set({ creditedCents: sql`${companyInvoices.creditedCents} + ${onInvoice}` })
      .where(eq(companyInvoices.id, invoiceId));
  const [row] = await tx
    .insert(companyCreditNotes)
    .values({
      invoiceId,
      amountCents: note.amountCents,
      taxCents,
      reason: note.reason,
      issuedBy: note.issuedBy,
    })
    .returning();
  if (!row) throw new Error('the credit note was not inserted');
  const [invoice] = await tx
    .select({ companyId: companyInvoices.companyId, orderId: companyInvoices.orderId })
    .from(companyInvoices)
    .where(eq(companyInvoices.id, invoiceId));
  if (note.amountCents > onInvoice && invoice)
    await tx.insert(companyCreditBalance).values({
      companyId: invoice.companyId,
      amountCents: note.amountCents - onInvoice,
      creditNoteId: row.id,
    });
  await emitEvent(tx, {
    type: 'credit_note.issued',
    companyId: invoice?.companyId ?? null,
    data: async () => ({
      id: row.id,
      number: row.number,
      invoiceId,
      orderId: invoice?.orderId ?? null,
      amountCents: row.amountCents,
      taxCents: row.taxCents,
      reason: row.reason,
      issuedAt: row.issuedAt.toISOString(),
    }),
  });
  return row;
}

export async function findCreditNote(
  db: DbOrTx,
  id: string,
): Promise<CompanyCreditNoteRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(companyCreditNotes)
    .where(eq(companyCreditNotes.id, id))
    .limit(1);
  return row;
}

export async function paymentsOf(db: DbOrTx, invoiceIds: string[]): Promise<CompanyPaymentRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(companyPayments)
    .where(inArray(companyPayments.invoiceId, invoiceIds))
    .orderBy(asc(companyPayments.recordedAt));
}

export async function creditNotesOf(
  db: DbOrTx,
  invoiceIds: string[],
): Promise<CompanyCreditNoteRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(companyCreditNotes)
    .where(inArray(companyCreditNotes.invoiceId, invoiceIds))
    .orderBy(asc(companyCreditNotes.issuedAt));
}

/** A company's invoices, newest first. */
export async function invoicesOfCompany(
  db: DbOrTx,
  companyId: string,
): Promise<CompanyInvoiceRow[]> {
  return db
    .select()
    .from(companyInvoices)
    .where(eq(companyInvoices.companyId, companyId))
    .orderBy(desc(companyInvoices.issuedAt));
}

/** Every open invoice, soonest due first (the console's due and overdue lists). */
export async function openInvoices(db: DbOrTx, limit = 500): Promise<CompanyInvoiceRow[]> {
  return db
    .select()
    .from(companyInvoices)
    .where(
      sql`${companyInvoices.voidedAt} is null and ${companyInvoices.paidCents} + ${companyInvoices.creditedCents} < ${companyInvoices.amountCents}`,
    )
    .orderBy(asc(companyInvoices.dueAt))
    .limit(limit);
}

/**
 * Claims the invoices that have become overdue and not yet been reminded of, in one conditional
 * UPDATE: an invoice is claimed once, by one instance, whatever runs at the same time or after a
 * restart. The caller queues each reminder in the same transaction, so a claim and its mail
 * commit together or not at all.
 */
export async function claimOverdueInvoices(
  tx: DbOrTx,
  now: Date,
  limit = 200,
): Promise<CompanyInvoiceRow[]> {
  return tx
    .update(companyInvoices)
    .set({ reminderClaimedAt: now })
    .where(
      sql`${companyInvoices.id} in (
        select id from ${companyInvoices}
         where ${companyInvoices.reminderClaimedAt} is null and ${companyInvoices.voidedAt} is null
           and ${companyInvoices.paidCents} + ${companyInvoices.creditedCents} < ${companyInvoices.amountCents}
           and ${companyInvoices.dueAt} < ${now}
         order by ${companyInvoices.dueAt}
         limit ${limit}
         for update skip locked)
       and ${companyInvoices.reminderClaimedAt} is null`,
    )
    .returning();
}

/** Staff approve terms (days and limit), change them, or suspend them (cards still work). */
export async function setTerms(
  tx: DbOrTx,
  companyId: string,
  terms:
    { status: 'approved'; termsDays: number; creditLimitCents: number } | { status: 'suspended' },
): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .update(companies)
    .set(
      terms.status === 'approved'
        ? {
            terms: 'approved',
            termsDays: terms.termsDays,
            creditLimitCents: terms.creditLimitCents,
          }
        : { terms: 'suspended' },
    )
    .where(
      terms.status === 'suspended'
        ? and(eq(companies.id, companyId), sql`${companies.terms} <> 'none'`)
        : eq(companies.id, companyId),
    )
    .returning();
  return row;
}

/**
 * Every company, newest first, for the console, with how many members it has and what it has
 * overdue: one statement for the whole list.
 */
export async function listCompanies(
  db: DbOrTx,
): Promise<{ company: CompanyRow; members: number; overdueCents: number }[]> {
  const rows = await db
    .select({
      company: companies,
      members: sql<number>`(select count(*)::int from ${companyMembers} m where m.company_id = companies.id)`,
      overdueCents: sql<string>`(select coalesce(sum(i.amount_cents - i.paid_cents - i.credited_cents), 0)
        from ${companyInvoices} i
       where i.company_id = companies.id and i.voided_at is null and i.due_at < now())`,
    })
    .from(companies)
    .orderBy(desc(companies.createdAt))
    .limit(1000);
  return rows.map((r) => ({
    company: r.company,
    members: Number(r.members),
    overdueCents: Number(r.overdueCents),
  }));
}

/** What an invoice of an order on account prints and mails: the invoice and who is billed. */
export type AccountInvoiceDetails = {
  invoice: CompanyInvoiceRow;
  termsDays: number | null;
  billing: {
    name: string;
    taxId: string;
    street: string;
    city: string;
    postalCode: string;
    country: string;
  };
};

/** The invoices of the orders among `orderIds` that went on account, with their companies. */
export async function accountInvoicesOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, AccountInvoiceDetails>> {
  const valid = [...new Set(orderIds)].filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ invoice: companyInvoices, company: companies })
    .from(companyInvoices)
    .innerJoin(companies, eq(companies.id, companyInvoices.companyId))
    .where(inArray(companyInvoices.orderId, valid));
  return new Map(
    rows.map(({ invoice, company }) => [
      invoice.orderId,
      {
        invoice,
        termsDays: company.termsDays,
        billing: {
          name: company.name,
          taxId: company.taxId,
          street: company.billingStreet,
          city: company.billingCity,
          postalCode: company.billingPostalCode,
          country: company.billingCountry,
        },
      },
    ]),
  );
}
