import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  fromCents,
  INVITE_TTL_DAYS,
  isUuid,
  MAX_OPEN_INVITES,
  type CompanyInvite,
  type CompanyResponse,
  type CompanyRole,
  type CompanyStanding,
  type MyCompanies,
} from '@storefront/contract';
import type { z } from 'zod';
import type { CompanyBody as CompanyBodySchema } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { findUserById, findUsersByIds } from '../auth/identity.service.js';
import { defused, quotedForSubject } from '../mail/caller-text.js';
import { queueMail } from '../mail/mail.service.js';
import {
  companyCreditBalance,
  companies,
  companyAddresses,
  companyInvites,
  companyInvoices,
  companyMembers,
  type CompanyRow,
} from './companies.tables.js';

export type { CompanyRow };
type CompanyValues = z.output<typeof CompanyBodySchema>;

/** What the company's routes answer to anyone outside it, and to members for what they may not do. */
export const companyNotFound = () => notFound('Company');

/** The database's own refusal of a commit that leaves a company with no owner (migration 0017). */
export const isLastOwnerError = (err: unknown): boolean => {
  const of = (e: unknown) => e as { code?: unknown; constraint?: unknown } | null | undefined;
  const cause = of((err as { cause?: unknown } | null)?.cause);
  return [of(err), cause].some(
    (e) => e?.code === '23514' && String(e.constraint ?? '') === 'companies_keep_an_owner',
  );
};
const lastOwner = () =>
  new AppError(
    409,
    'LAST_OWNER',
    'A company always keeps an owner: make another member an owner first.',
  );

/** The caller's role in the company, or undefined (also for an id that names nothing). */
export async function roleIn(
  db: DbOrTx,
  companyId: string,
  userId: string,
): Promise<CompanyRole | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/**
 * The caller's role, when it is one of `allowed`; a 404 otherwise, whether the caller is outside
 * the company or inside it without the right: a company id tells an outsider nothing.
 */
export async function requireRole(
  db: DbOrTx,
  companyId: string,
  caller: Caller,
  allowed: readonly CompanyRole[],
): Promise<CompanyRole> {
  const role = await roleIn(db, companyId, caller.sub);
  if (!role || !allowed.includes(role)) throw companyNotFound();
  return role;
}

export const EVERY_ROLE: readonly CompanyRole[] = ['owner', 'admin', 'buyer'];
export const MANAGERS: readonly CompanyRole[] = ['owner', 'admin'];

export async function findCompany(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

const addressRows = (companyId: string, body: CompanyValues) =>
  body.deliveryAddresses.map((a, position) => ({
    companyId,
    position,
    label: a.label || null,
    street: a.street,
    city: a.city,
    postalCode: a.postalCode,
    country: a.country,
  }));

const billingColumns = (body: CompanyValues) => ({
  name: body.name,
  taxId: body.taxId,
  billingStreet: body.billingAddress.street,
  billingCity: body.billingAddress.city,
  billingPostalCode: body.billingAddress.postalCode,
  billingCountry: body.billingAddress.country,
});

/** A signed-in customer creates a company and is its owner: one transaction. */
export async function createCompany(db: Db, caller: Caller, body: CompanyValues): Promise<string> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ ...billingColumns(body), createdBy: caller.sub })
      .returning({ id: companies.id });
    if (!company) throw new Error('the company was not inserted');
    await tx.insert(companyMembers).values({
      companyId: company.id,
      userId: caller.sub,
      role: 'owner',
    });
    const addresses = addressRows(company.id, body);
    if (addresses.length > 0) await tx.insert(companyAddresses).values(addresses);
    return company.id;
  });
}

/** Owners and admins change the company's details and its delivery addresses (the whole list). */
export async function updateCompany(db: Db, companyId: string, body: CompanyValues): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(companies).set(billingColumns(body)).where(eq(companies.id, companyId));
    await tx.delete(companyAddresses).where(eq(companyAddresses.companyId, companyId));
    const addresses = addressRows(companyId, body);
    if (addresses.length > 0) await tx.insert(companyAddresses).values(addresses);
  });
}

/** What the company owes that is past its due date (open invoices only). */
async function overdueCents(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(${companyInvoices.amountCents} - ${companyInvoices.paidCents} - ${companyInvoices.creditedCents}), 0)`,
    })
    .from(companyInvoices)
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        isNull(companyInvoices.voidedAt),
        sql`${companyInvoices.dueAt} < now()`,
      ),
    );
  return Number(row?.cents ?? 0);
}

/** The company's standing from its row and what it has overdue. */
export function standingFrom(company: CompanyRow, overdue: number): CompanyStanding {
  const available =
    company.terms === 'approved'
      ? Math.max(0, company.creditLimitCents - company.creditUsedCents)
      : 0;
  return {
    terms: company.terms,
    termsDays: company.termsDays,
    creditLimit: fromCents(company.creditLimitCents),
    creditUsed: fromCents(company.creditUsedCents),
    creditAvailable: fromCents(available),
    overdue: fromCents(overdue),
  };
}

/** The company's standing: its terms, its limit, the credit in use and what it may still add. */
export async function standingOf(db: DbOrTx, company: CompanyRow): Promise<CompanyStanding> {
  const standing = standingFrom(company, await overdueCents(db, company.id));
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${companyCreditBalance.amountCents}), 0)` })
    .from(companyCreditBalance)
    .where(eq(companyCreditBalance.companyId, company.id));
  const balance = Number(row?.cents ?? 0);
  return balance > 0 ? { ...standing, creditBalance: fromCents(balance) } : standing;
}

/** Its members with their names and addresses, owners first. */
export async function membersOf(db: DbOrTx, companyId: string) {
  const rows = await db
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(
      sql`case ${companyMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(companyMembers.joinedAt),
    );
  const users = new Map(
    (
      await findUsersByIds(
        db,
        rows.map((r) => r.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => ({
    userId: r.userId,
    name: users.get(r.userId)?.name ?? '',
    email: users.get(r.userId)?.email ?? '',
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

export async function deliveryAddressesOf(db: DbOrTx, companyId: string) {
  const rows = await db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.position));
  return rows.map((a) => ({
    id: a.id,
    ...(a.label ? { label: a.label } : {}),
    street: a.street,
    city: a.city,
    postalCode: a.postalCode,
    country: a.country,
  }));
}

/** The company as a member sees it. */
export async function companyView(
  db: DbOrTx,
  company: CompanyRow,
  role: CompanyRole,
): Promise<CompanyResponse> {
  const [members, deliveryAddresses, standing] = await Promise.all([
    membersOf(db, company.id),
    deliveryAddressesOf(db, company.id),
    standingOf(db, company),
  ]);
  return {
    id: company.id,
    name: company.name,
    taxId: company.taxId,
    billingAddress: {
      street: company.billingStreet,
      city: company.billingCity,
      postalCode: company.billingPostalCode,
      country: company.billingCountry,
    },
    deliveryAddresses,
    role,
    members,
    standing,
  };
}

export async function listMyCompanies(db: DbOrTx, userId: string): Promise<MyCompanies> {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      role: companyMembers.role,
      terms: companies.terms,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .orderBy(asc(companies.name));
}

/** Tokens are random; only their hash is stored, so the table leaks no usable link. */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export type InviteMail = { publicUrl: string; brandName: string };

/**
 * Invites an address with a role (admin or buyer). An earlier open invitation of the same address
 * is revoked (its link stops working); the mail with the link leaves through the outbox, in the
 * same transaction, and its text is forgotten once sent (it holds the secret).
 */
export async function inviteMember(
  db: Db,
  companyId: string,
  caller: Caller,
  invite: { email: string; role: 'admin' | 'buyer' },
  mail: InviteMail,
): Promise<CompanyInvite> {
  const email = invite.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // One inviter at a time per company: the count of open invitations below stays true.
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw companyNotFound();
    const already = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId));
    const users = await findUsersByIds(
      tx,
      already.map((m) => m.userId),
    );
    if (users.some((u) => u.email.toLowerCase() === email))
      throw new AppError(409, 'ALREADY_MEMBER', `${email} is already a member of ${company.name}`);
    await tx
      .update(companyInvites)
      .set({ revokedAt: new Date() })
      .where(openInvites(companyId, eq(companyInvites.email, email)));
    const [{ open = 0 } = {}] = await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(companyInvites)
      .where(openInvites(companyId));
    if (open >= MAX_OPEN_INVITES)
      throw new AppError(
        409,
        'TOO_MANY_INVITES',
        `A company may have at most ${MAX_OPEN_INVITES} open invitations: revoke some first`,
      );
    const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
    const [row] = await tx
      .insert(companyInvites)
      .values({
        companyId,
        email,
        role: invite.role,
        tokenHash: hashToken(token),
        invitedBy: caller.sub,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('the invitation was not inserted');
    const link = `${mail.publicUrl}/company/join#${token}`;
    await queueMail(
      tx,
      {
        to: email,
        // The inviter's words go to an address they chose: never verbatim (decision 057).
        subject: `Invitation to buy for ${quotedForSubject(company.name)} at ${mail.brandName}`,
        text:
          `Hello,\n\n${defused(caller.name)} (${caller.email}) invites you to join ` +
          `${defused(company.name)} at ` +
          `${mail.brandName} as ${invite.role === 'admin' ? 'an admin' : 'a buyer'}.\n\n` +
          `Sign in (or create an account) with this address, ${email}, confirm it, then open:\n` +
          `${link}\n\nThe invitation works once and expires on ${expiresAt.toUTCString()}. ` +
          `If you did not expect it, you need do nothing.\n`,
        sensitive: true,
      },
      `company-invite:${row.id}`,
    );
    return inviteResponse(row, caller.email);
  });
}

const openInvites = (companyId: string, also?: ReturnType<typeof eq>) =>
  and(
    eq(companyInvites.companyId, companyId),
    isNull(companyInvites.acceptedAt),
    isNull(companyInvites.revokedAt),
    gt(companyInvites.expiresAt, sql`now()`),
    also,
  );

const inviteResponse = (
  row: typeof companyInvites.$inferSelect,
  invitedBy: string,
): CompanyInvite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  invitedBy,
});

export async function listOpenInvites(db: DbOrTx, companyId: string): Promise<CompanyInvite[]> {
  const rows = await db
    .select()
    .from(companyInvites)
    .where(openInvites(companyId))
    .orderBy(asc(companyInvites.createdAt));
  const inviters = new Map(
    (await findUsersByIds(db, [...new Set(rows.map((r) => r.invitedBy))])).map((u) => [
      u.id,
      u.email,
    ]),
  );
  return rows.map((r) => inviteResponse(r, inviters.get(r.invitedBy) ?? ''));
}

/** Revokes one open invitation of the company; a 404 for anything else. */
export async function revokeInvite(db: DbOrTx, companyId: string, inviteId: string) {
  if (!isUuid(inviteId)) throw notFound('Invitation');
  const [row] = await db
    .update(companyInvites)
    .set({ revokedAt: new Date() })
    .where(openInvites(companyId, eq(companyInvites.id, inviteId)))
    .returning({ id: companyInvites.id });
  if (!row) throw notFound('Invitation');
}

const inviteGone = () => notFound('Invitation');

/**
 * Accepts an invitation: the caller's account must have the invited address, proved. Someone
 * else holding the link learns nothing (404, as for a token that names nothing). The claim is one
 * conditional UPDATE (not accepted, not revoked, not expired), so a link works once however many
 * times it is sent at once; the membership is written in the same transaction.
 */
export async function acceptInvite(
  db: Db,
  caller: Caller,
  token: string,
): Promise<{ companyId: string; role: CompanyRole }> {
  const tokenHash = hashToken(token);
  const [invite] = await db
    .select()
    .from(companyInvites)
    .where(eq(companyInvites.tokenHash, tokenHash))
    .limit(1);
  if (!invite || invite.revokedAt || invite.email !== caller.email.trim().toLowerCase())
    throw inviteGone();
  const user = await findUserById(db, caller.sub);
  if (!user?.emailVerified)
    throw new AppError(
      403,
      'EMAIL_NOT_VERIFIED',
      'Confirm your e-mail address first (the link in the mail we sent you), then open the invitation again.',
    );
  if (invite.acceptedAt)
    throw new AppError(409, 'INVITE_USED', 'This invitation has already been used.');
  if (invite.expiresAt.getTime() <= Date.now())
    throw new AppError(410, 'INVITE_EXPIRED', 'This invitation has expired: ask for a new one.');
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(companyInvites)
      .set({ acceptedAt: new Date(), acceptedBy: caller.sub })
      .where(
        and(
          eq(companyInvites.id, invite.id),
          isNull(companyInvites.acceptedAt),
          isNull(companyInvites.revokedAt),
          gt(companyInvites.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!claimed) throw new AppError(409, 'INVITE_USED', 'This invitation has already been used.');
    const existing = await roleIn(tx, claimed.companyId, caller.sub);
    if (existing) return { companyId: claimed.companyId, role: existing };
    await tx
      .insert(companyMembers)
      .values({ companyId: claimed.companyId, userId: caller.sub, role: claimed.role });
    return { companyId: claimed.companyId, role: claimed.role };
  });
}

/**
 * Who may change whom: an owner anyone, to any role; an admin only admins and buyers, and never
 * to owner. Anything else is a 404, like a member that does not exist.
 */
const mayManage = (actor: CompanyRole, target: CompanyRole, to?: CompanyRole) =>
  actor === 'owner' ||
  (actor === 'admin' && target !== 'owner' && (to === undefined || to !== 'owner'));

/** Runs a change of members; the database's "keeps an owner" check becomes a 409. */
async function keepingAnOwner<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (isLastOwnerError(err)) throw lastOwner();
    throw err;
  }
}

export async function changeRole(
  db: Db,
  companyId: string,
  actor: CompanyRole,
  userId: string,
  to: CompanyRole,
): Promise<void> {
  const target = await roleIn(db, companyId, userId);
  if (!target || !mayManage(actor, target, to)) throw notFound('Member');
  if (target === to) return;
  await keepingAnOwner(() =>
    db
      .update(companyMembers)
      .set({ role: to })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId))),
  );
}

/** Removes a member (or the caller leaves); the last owner cannot go. */
export async function removeMember(
  db: Db,
  companyId: string,
  caller: Caller,
  actor: CompanyRole,
  userId: string,
): Promise<void> {
  const target = await roleIn(db, companyId, userId);
  const self = userId === caller.sub;
  if (!target || (!self && !mayManage(actor, target))) throw notFound('Member');
  await keepingAnOwner(() =>
    db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId))),
  );
}

/** Names of the companies among `ids`, for lists that mention them. */
export async function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, valid));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The company an order is placed for: the caller must be a member (any role buys), else 404. On
 * account, its terms must be approved (the placing statement checks them again, with the credit).
 */
export async function companyForOrder(
  db: DbOrTx,
  caller: Caller,
  companyId: string,
): Promise<CompanyRow> {
  if (!isUuid(companyId)) throw companyNotFound();
  // The membership and the company in one prepared read: every company checkout runs it.
  const [row] = await companyOfMember(db).execute({ companyId, userId: caller.sub });
  if (!row || !EVERY_ROLE.includes(row.role)) throw companyNotFound();
  return row.company;
}

const companyOfMember = prepared((db) =>
  db
    .select({ company: companies, role: companyMembers.role })
    .from(companies)
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.companyId, companies.id),
        eq(companyMembers.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(companies.id, sql.placeholder('companyId')))
    .limit(1)
    .prepare('company_for_order'),
);
