import { and, eq, isNull, sql } from 'drizzle-orm';
import { erasedEmail } from '../auth/auth.privacy.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import {
  buyingFor,
  companies,
  companyInvites,
  companyInvoices,
  companyMembers,
} from './companies.tables.js';

/**
 * The companies the customer belongs to. A company is the company's, not the person's: it stays,
 * without them. Its last owner cannot leave this way (the company would have no one to run it).
 */
export const companiesPrivacy: PrivacyContribution = {
  name: 'companies',
  async export({ userId, email }, db) {
    const memberships = await db
      .select({
        companyId: companies.id,
        name: companies.name,
        taxId: companies.taxId,
        billingStreet: companies.billingStreet,
        billingCity: companies.billingCity,
        billingPostalCode: companies.billingPostalCode,
        billingCountry: companies.billingCountry,
        role: companyMembers.role,
        joinedAt: companyMembers.joinedAt,
      })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    const invitations = await db
      .select({
        companyId: companyInvites.companyId,
        role: companyInvites.role,
        createdAt: companyInvites.createdAt,
      })
      .from(companyInvites)
      .where(eq(companyInvites.email, email));
    return { memberships, invitations };
  },
  async blockers({ userId }, db) {
    const lastOwned = await db
      .select({ name: companies.name })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(
        and(
          eq(companyMembers.userId, userId),
          eq(companyMembers.role, 'owner'),
          eq(companies.ownerCount, 1),
        ),
      );
    const unpaid = await db
      .select({ id: companyInvoices.id })
      .from(companyInvoices)
      .where(
        and(
          isNull(companyInvoices.voidedAt),
          sql`${companyInvoices.paidCents} + ${companyInvoices.creditedCents} < ${companyInvoices.amountCents}`,
          sql`${companyInvoices.orderId} in (select id from orders where user_id = ${userId})`,
        ),
      );
    return [
      ...lastOwned.map(
        (c) =>
          `You are the last owner of ${c.name}: make another member an owner, or ask us to close the company.`,
      ),
      ...(unpaid.length > 0
        ? [
            `${unpaid.length === 1 ? 'An invoice' : `${unpaid.length} invoices`} on account for your orders ${unpaid.length === 1 ? 'is' : 'are'} not paid yet.`,
          ]
        : []),
    ];
  },
  async erase({ userId, email }, tx) {
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await tx.delete(buyingFor).where(eq(buyingFor.userId, userId));
    // Invitations to the address: open ones go; accepted ones keep who accepted (an id), not the address.
    await tx
      .delete(companyInvites)
      .where(and(eq(companyInvites.email, email), isNull(companyInvites.acceptedAt)));
    await tx
      .update(companyInvites)
      .set({ email: erasedEmail(userId) })
      .where(eq(companyInvites.email, email));
  },
};
