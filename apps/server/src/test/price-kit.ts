import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CompanyResponse } from '@storefront/contract';
import type { Db } from '../db/database.js';
import { companyMembers } from '../modules/companies/companies.tables.js';
import { parts } from '../modules/parts/parts.tables.js';
import {
  priceListAssignments,
  priceListEntries,
  priceLists,
} from '../modules/price-lists/price-lists.tables.js';
import { insertPart } from './factories.js';

/*
 * What the buyer-price tests seed: companies run by customers, members added as buyers, parts
 * with a category and a ladder, and price lists written straight to their tables (the staff API
 * has its own tests).
 */

type Who = { auth: Record<string, string> } | null;
export const shipTo = { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' };

export const caller =
  (app: FastifyInstance) => (who: Who, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** A company made by `owner` through the API. */
export async function companyOf(
  app: FastifyInstance,
  owner: Who,
  name: string,
): Promise<CompanyResponse> {
  const made = await caller(app)(owner, 'POST', '/api/companies', {
    name,
    taxId: 'GB 1',
    billingAddress: shipTo,
    deliveryAddresses: [],
  });
  if (made.statusCode !== 201) throw new Error(`company: ${made.statusCode} ${made.body}`);
  return made.json<CompanyResponse>();
}

/** Makes `userId` a buyer of the company (as an accepted invitation would). */
export const addBuyer = (db: Db, companyId: string, userId: string) =>
  db.insert(companyMembers).values({ companyId, userId, role: 'buyer' });

/** A part of a category, with a ladder when given (cents). */
export async function pricedPart(
  db: Db,
  o: {
    sku: string;
    price: number;
    category: string;
    minimum?: number;
    ladder?: { minQuantity: number; unitCents: number }[];
  },
) {
  const part = await insertPart(db, {
    name: `Part ${o.sku}`,
    sku: o.sku,
    price: o.price,
    minOrderQuantity: o.minimum ?? 1,
    availableQuantity: 1_000_000,
  });
  await db
    .update(parts)
    .set({
      category: o.category,
      tierQuantities: (o.ladder ?? []).map((s) => s.minQuantity),
      tierCents: (o.ladder ?? []).map((s) => s.unitCents),
    })
    .where(eq(parts.id, part.id));
  return { ...part, category: o.category };
}

/** A price list assigned to a company: its id. */
export async function giveList(
  db: Db,
  companyId: string,
  l: {
    name: string;
    priority?: number;
    validFrom?: string | null;
    validUntil?: string | null;
    percentOffBp?: number | null;
    fixed?: { partId: string; minQuantity: number; unitCents: number }[];
  },
): Promise<string> {
  const [row] = await db
    .insert(priceLists)
    .values({
      name: l.name,
      validFrom: l.validFrom ?? null,
      validUntil: l.validUntil ?? null,
      percentOffBp: l.percentOffBp ?? null,
    })
    .returning();
  const listId = row!.id;
  if (l.fixed?.length)
    await db.insert(priceListEntries).values(l.fixed.map((e) => ({ listId, ...e })));
  await db.insert(priceListAssignments).values({ listId, companyId, priority: l.priority ?? 0 });
  return listId;
}
