import { toCents } from '@storefront/contract';
import type { Db } from '../db/database.js';
import { users } from '../modules/auth/auth.tables.js';
import { companies, companyMembers } from '../modules/companies/companies.tables.js';
import { parts, type PartRow } from '../modules/parts/parts.tables.js';
import { reviews, type ReviewRow } from '../modules/reviews/reviews.tables.js';

let counter = 0;
const next = () => ++counter;

/** Inserts one part with sensible values; tests override only what they care about. */
export async function insertPart(
  db: Db,
  overrides: Partial<{
    name: string;
    description: string;
    minOrderQuantity: number;
    availableQuantity: number;
    price: number;
    imageUrl: string;
    sku: string;
  }> = {},
): Promise<PartRow> {
  const n = next();
  const [row] = await db
    .insert(parts)
    .values({
      name: overrides.name ?? `Test part ${n}`,
      description: overrides.description ?? `Description of test part ${n}. `.repeat(12),
      minOrderQuantity: overrides.minOrderQuantity ?? 10,
      availableQuantity: overrides.availableQuantity ?? 500,
      priceCents: toCents(overrides.price ?? 12.5),
      imageUrl: overrides.imageUrl ?? '/images/parts/oil-filter.svg',
      ...(overrides.sku ? { sku: overrides.sku } : {}),
    })
    .returning();
  if (!row) throw new Error('insertPart: no row');
  return row;
}

export async function insertReview(
  db: Db,
  overrides: Partial<{
    name: string;
    description: string;
    rating: number;
    authorEmail: string;
    verifiedBuyer: boolean;
    createdAt: Date;
  }> = {},
): Promise<ReviewRow> {
  const n = next();
  const [row] = await db
    .insert(reviews)
    .values({
      name: overrides.name ?? `Reviewer ${n}`,
      description: overrides.description ?? `Review number ${n}`,
      rating: overrides.rating ?? 5,
      authorEmail: overrides.authorEmail ?? null,
      verifiedBuyer: overrides.verifiedBuyer ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('insertReview: no row');
  return row;
}

/** A company with one owner (a user row only, no sign-in), for tests that need its id alone. */
export async function insertCompany(db: Db, name = `Company ${next()}`): Promise<string> {
  return db.transaction(async (tx) => {
    const userId = `company-owner-${Date.now().toString(36)}-${next()}`;
    await tx.insert(users).values({ id: userId, name, email: `${userId}@example.com` });
    const [company] = await tx
      .insert(companies)
      .values({
        name,
        taxId: 'GB 1',
        billingStreet: '1 Quay',
        billingCity: 'Hull',
        billingPostalCode: 'HU1 1AA',
        billingCountry: 'UK',
        createdBy: userId,
      })
      .returning();
    if (!company) throw new Error('insertCompany: no row');
    // The company must keep an owner at every commit (migration 0017's deferred check).
    await tx.insert(companyMembers).values({ companyId: company.id, userId, role: 'owner' });
    return company.id;
  });
}
