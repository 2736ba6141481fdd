import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyParams,
  CreditNoteBody,
  endpoints,
  formatMoney,
  formatOrderNumber,
  fromCents,
  InvoiceParams,
  RecordPaymentBody,
  routePath,
  TermsBody,
  toCents,
  type AccountInvoice,
  type StaffCompanyDetails,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller, Guards } from '../auth/guards.js';
import {
  creditNotesOf,
  findCreditNote,
  findInvoice,
  invoicesOfCompany,
  issueCreditNote,
  openCents,
  openInvoices,
  paymentsOf,
  recordPayment,
  setTerms,
  listCompanies,
  type CompanyInvoiceRow,
} from '../companies/account.service.js';
import {
  companyNames,
  companyView,
  findCompany,
  roleIn,
  standingFrom,
} from '../companies/companies.service.js';
import { renderCreditNote, type Seller } from '../invoices/invoice.js';
import { findOrderView, listCompanyOrders, orderNumbersByIds } from '../orders/orders.service.js';

export type StaffCompanyRoutesOptions = { db: Db; guards: Guards; seller: Seller };

const actorOf = (caller: Caller) => ({ userId: caller.sub, email: caller.email });

/** Invoices as the console shows them, with their payments and credit notes: four reads for all. */
async function invoiceViews(db: DbOrTx, rows: CompanyInvoiceRow[]): Promise<AccountInvoice[]> {
  const ids = rows.map((r) => r.id);
  const [numbers, names, payments, notes] = await Promise.all([
    orderNumbersByIds(
      db,
      rows.map((r) => r.orderId),
    ),
    companyNames(
      db,
      rows.map((r) => r.companyId),
    ),
    paymentsOf(db, ids),
    creditNotesOf(db, ids),
  ]);
  const now = Date.now();
  return rows.map((r) => {
    const open = openCents(r);
    return {
      id: r.id,
      orderId: r.orderId,
      orderNumber: numbers.get(r.orderId) ?? '',
      company: { id: r.companyId, name: names.get(r.companyId) ?? '' },
      amount: fromCents(r.amountCents),
      paid: fromCents(r.paidCents),
      credited: fromCents(r.creditedCents),
      open: fromCents(open),
      issuedAt: r.issuedAt.toISOString(),
      dueAt: r.dueAt.toISOString(),
      overdue: open > 0 && r.dueAt.getTime() < now,
      voided: r.voidedAt !== null,
      reminderSentAt: r.reminderClaimedAt?.toISOString() ?? null,
      payments: payments
        .filter((p) => p.invoiceId === r.id)
        .map((p) => ({
          amount: fromCents(p.amountCents),
          receivedOn: p.receivedOn,
          reference: p.reference,
          recordedAt: p.recordedAt.toISOString(),
        })),
      creditNotes: notes
        .filter((n) => n.invoiceId === r.id)
        .map((n) => ({
          id: n.id,
          number: `CN-${n.number}`,
          amount: fromCents(n.amountCents),
          reason: n.reason,
          issuedAt: n.issuedAt.toISOString(),
        })),
    };
  });
}

async function companyDetails(db: DbOrTx, id: string): Promise<StaffCompanyDetails> {
  const company = await findCompany(db, id);
  if (!company) throw notFound('Company');
  const { role: _role, ...view } = await companyView(db, company, 'owner');
  return { ...view, invoices: await invoiceViews(db, await invoicesOfCompany(db, id)) };
}

/**
 * Staff see every company (members, orders, standing), approve or suspend payment on account, and
 * keep its invoices: payments received, credit notes. Every change has its audit entry in its
 * transaction. Limits and terms come only from here, from an admin.
 */
export const staffCompanyRoutes: FastifyPluginAsyncZod<StaffCompanyRoutesOptions> = async (
  app,
  { db, guards, seller },
) => {
  app.get(routePath(endpoints.staffCompanies), async (request) => {
    await guards.requireAdmin(request);
    return (await listCompanies(db)).map(({ company: c, members, overdueCents }) => ({
      id: c.id,
      name: c.name,
      taxId: c.taxId,
      members,
      createdAt: c.createdAt.toISOString(),
      standing: standingFrom(c, overdueCents),
    }));
  });

  app.get(
    routePath(endpoints.staffCompany),
    { schema: { params: CompanyParams } },
    async (request) => {
      await guards.requireAdmin(request);
      return companyDetails(db, request.params.id);
    },
  );

  app.get(
    routePath(endpoints.staffCompanyOrders),
    { schema: { params: CompanyParams } },
    async (request) => {
      await guards.requireAdmin(request);
      if (!(await findCompany(db, request.params.id))) throw notFound('Company');
      return listCompanyOrders(db, request.params.id);
    },
  );

  app.put(
    routePath(endpoints.staffApproveTerms),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      const body = parseOr400(TermsBody, request.body ?? {});
      return db.transaction(async (tx) => {
        const row = await setTerms(tx, id, {
          status: 'approved',
          termsDays: body.termsDays,
          creditLimitCents: toCents(body.creditLimit),
        });
        if (!row) throw notFound('Company');
        await recordAudit(tx, actorOf(caller), {
          action: 'company.terms.approve',
          targetType: 'company',
          targetId: id,
          summary: `Payment on account for ${row.name}: ${body.termsDays} days, limit ${formatMoney(body.creditLimit)}`,
        });
        return companyDetails(tx, id);
      });
    },
  );

  app.post(
    routePath(endpoints.staffSuspendTerms),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const row = await setTerms(tx, id, { status: 'suspended' });
        if (!row) {
          if (!(await findCompany(tx, id))) throw notFound('Company');
          throw new AppError(409, 'NO_TERMS', 'This company has no payment on account to suspend');
        }
        await recordAudit(tx, actorOf(caller), {
          action: 'company.terms.suspend',
          targetType: 'company',
          targetId: id,
          summary: `Suspended payment on account for ${row.name}`,
        });
        return companyDetails(tx, id);
      });
    },
  );

  app.get(routePath(endpoints.staffInvoices), async (request) => {
    await guards.requireAdmin(request);
    const views = await invoiceViews(db, await openInvoices(db));
    return { overdue: views.filter((v) => v.overdue), due: views.filter((v) => !v.overdue) };
  });

  app.post(
    routePath(endpoints.staffRecordPayment),
    { schema: { params: InvoiceParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      if (!(await findInvoice(db, id))) throw notFound('Invoice');
      const body = parseOr400(RecordPaymentBody, request.body ?? {});
      return db.transaction(async (tx) => {
        const invoice = await recordPayment(tx, id, {
          amountCents: toCents(body.amount),
          receivedOn: body.receivedOn,
          reference: body.reference,
          recordedBy: caller.sub,
        });
        const [number] = (await orderNumbersByIds(tx, [invoice.orderId])).values();
        await recordAudit(tx, actorOf(caller), {
          action: 'invoice.payment',
          targetType: 'order',
          targetId: invoice.orderId,
          summary: `Recorded ${formatMoney(body.amount)} received on ${body.receivedOn} (${body.reference}) for ${number ?? 'an order'}`,
        });
        const [view] = await invoiceViews(tx, [invoice]);
        return view;
      });
    },
  );

  app.post(
    routePath(endpoints.staffIssueCreditNote),
    { schema: { params: InvoiceParams } },
    async (request, reply) => {
      const caller = await guards.requireAdmin(request);
      const { id } = request.params;
      const found = await findInvoice(db, id);
      if (!found) throw notFound('Invoice');
      const body = parseOr400(CreditNoteBody, request.body ?? {});
      const order = await findOrderView(db, found.orderId);
      // Before shipping, the order is canceled instead: its stock and its credit come back.
      if (order && order.status !== 'shipped' && order.status !== 'delivered')
        throw new AppError(
          409,
          'NOT_SHIPPED',
          'This order has not shipped: cancel it (or a line) instead, which releases its credit',
        );
      const note = await db.transaction(async (tx) => {
        const row = await issueCreditNote(tx, id, {
          amountCents: toCents(body.amount),
          reason: body.reason,
          issuedBy: caller.sub,
          orderTaxCents: order?.taxCents ?? 0,
        });
        await recordAudit(tx, actorOf(caller), {
          action: 'invoice.credit-note',
          targetType: 'order',
          targetId: found.orderId,
          summary: `Credit note CN-${row.number} of ${formatMoney(body.amount)} for ${order ? formatOrderNumber(order.number) : 'an order'}: ${body.reason}`,
        });
        return row;
      });
      return reply
        .status(201)
        .send({ id: note.id, number: `CN-${note.number}`, amount: fromCents(note.amountCents) });
    },
  );

  app.get(
    routePath(endpoints.creditNotePdf),
    { schema: { params: InvoiceParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const note = await findCreditNote(db, request.params.id);
      const invoice = note ? await findInvoice(db, note.invoiceId) : undefined;
      const order = invoice ? await findOrderView(db, invoice.orderId) : undefined;
      const company = invoice ? await findCompany(db, invoice.companyId) : undefined;
      if (
        !note ||
        !invoice ||
        !order ||
        !company ||
        (!(await roleIn(db, company.id, caller.sub)) && !(await guards.isAdmin(caller)))
      )
        throw notFound('Credit note');
      const pdf = await renderCreditNote({ note, order, company, seller });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="credit-note-CN-${note.number}.pdf"`)
        .send(pdf);
    },
  );
};
