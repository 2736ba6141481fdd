import { count } from 'drizzle-orm';
import type { Db } from './database.js';
import { parts } from '../modules/parts/parts.schema.js';
import { reviews } from '../modules/reviews/reviews.schema.js';
import { seedParts, seedReviews } from './seed-data.js';

/**
 * Fills an empty catalog with the demo parts and reviews. Never touches a catalog that already
 * has parts, so it is safe on every start.
 */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(parts);
    if ((row?.n ?? 0) > 0) return { seeded: false };
    // Spread creation times so the catalog keeps a stable, meaningful order.
    const base = Date.UTC(2026, 0, 1);
    await tx.insert(parts).values(
      seedParts.map((p, i) => ({
        name: p.name,
        description: p.description,
        minOrderQuantity: p.minOrderQuantity,
        availableQuantity: p.availableQuantity,
        priceCents: p.priceCents,
        imageUrl: `/images/parts/${p.image}.svg`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    if ((reviewCount?.n ?? 0) === 0) {
      await tx
        .insert(reviews)
        .values(seedReviews.map((r, i) => ({ ...r, createdAt: new Date(base + i * 60_000) })));
    }
    return { seeded: true };
  });
}
