import { sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY, type Category } from '@storefront/contract';
import { SETUP_LOCK_ID, type Db } from './database.js';
import { countParts } from '../modules/parts/parts.service.js';
import { insertCatalogParts } from '../modules/parts/catalog.service.js';
import { countReviews, insertReviews } from '../modules/reviews/reviews.service.js';
import { generatePart, VEHICLES } from './catalog-generator.js';
import { seedParts, seedReviews } from './seed-data.js';

/** Generated parts beside the hand-written ones: enough to search, filter and page through. */
export const DEMO_GENERATED_PARTS = 200;

const CATEGORY_OF_IMAGE: Record<string, Category> = {
  'brake-pads': 'brakes',
  'brake-disc': 'brakes',
  'oil-filter': 'filters',
  'air-filter': 'filters',
  'cabin-filter': 'filters',
  'spark-plugs': 'ignition',
  'ignition-coil': 'ignition',
  alternator: 'electrical',
  'starter-motor': 'electrical',
  radiator: 'cooling',
  'water-pump': 'cooling',
  'shock-absorber': 'suspension',
  'wheel-bearing': 'suspension',
  'timing-belt-kit': 'engine',
  'clutch-kit': 'transmission',
  'fuel-pump': 'fuel',
};

/** The hand-written parts' catalog data: numbers, and vehicles taken in turn from the list. */
const handWritten = () =>
  seedParts.map((p, i) => {
    const category = CATEGORY_OF_IMAGE[p.image] ?? DEFAULT_CATEGORY;
    const vehicles = [VEHICLES[i % VEHICLES.length]!, VEHICLES[(i * 7 + 3) % VEHICLES.length]!];
    return {
      name: p.name,
      description: p.description,
      minOrderQuantity: p.minOrderQuantity,
      availableQuantity: p.availableQuantity,
      priceCents: p.priceCents,
      imageUrl: `/images/parts/${p.image}.webp`,
      sku: `IC-${1001 + i}`,
      category,
      oemNumbers: i === 0 ? ['0986494524', '0446502220'] : [],
      // The demo shows an older number of ours and a volume price ladder.
      supersededNumbers: i === 0 ? ['IC-0901'] : [],
      ...(i === 2 ? { tierQuantities: [200, 500], tierCents: [640, 590] } : {}),
      specs: [{ name: 'Pack', value: `${p.minOrderQuantity} pieces minimum` }],
      featured: true,
      fitment: vehicles.map((v) => ({
        make: v.make,
        model: v.model,
        yearFrom: Math.max(v.from, 2012),
        yearTo: v.to,
      })),
    };
  });

/**
 * Fills an empty catalog with the demo parts (the hand-written ones, featured, and generated
 * ones over every category) and reviews. Never touches a catalog that already has parts, so it
 * is safe on every start; instances starting together on one database take the setup lock (the
 * migrations' own) first, so only the first of them seeds.
 */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_ID})`);
    if ((await countParts(tx)) > 0) return { seeded: false };
    // Spread creation times so the catalog keeps a stable, meaningful order: the hand-written
    // parts are the newest, the first of them newest of all (the home page shows them first).
    const base = Date.UTC(2026, 0, 1);
    const generated = Array.from({ length: DEMO_GENERATED_PARTS }, (_, i) => {
      const { imageUrl, ...part } = generatePart(i + 1, 'D');
      return { ...part, imageUrl, createdAt: new Date(base + i * 60_000) };
    });
    await insertCatalogParts(tx, generated);
    await insertCatalogParts(
      tx,
      handWritten().map((p, i) => ({
        ...p,
        createdAt: new Date(base + (DEMO_GENERATED_PARTS + seedParts.length - i) * 60_000),
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
