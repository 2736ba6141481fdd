import { sql } from 'drizzle-orm';
import { SETUP_LOCK_ID, type Db } from './database.js';
import { countParts, insertParts } from '../modules/parts/parts.service.js';
import { countReviews, insertReviews } from '../modules/reviews/reviews.service.js';
import { seedParts, seedReviews } from './seed-data.js';

/**
 * Fills an empty catalog with the demo parts and reviews. Never touches a catalog that already
 * has parts, so it is safe on every start; instances starting together on one database take the
 * setup lock (the migrations' own) first, so only the first of them seeds.
 */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`);
    if ((await countParts(tx)) > 0) return { seeded: false };
    // Spread creation times so the catalog keeps a stable, meaningful order.
    const base = Date.UTC(2026, 0, 1);
    await insertParts(
      tx,
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
    if ((await countReviews(tx)) === 0) {
      await insertReviews(
        tx,
        seedReviews.map((r, i) => ({ ...r, createdAt: new Date(base + i * 60_000) })),
      );
    }
    return { seeded: true };
  });
}
