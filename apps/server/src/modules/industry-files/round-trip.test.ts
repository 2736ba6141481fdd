import fc from 'fast-check';
import { eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_PICTURE_URL, type CatalogImportSummary } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { apply, settled } from '../../test/import-kit.js';
import { currentVcdb, uploadAces, uploadPies, VCDB_SEPTEMBER } from '../../test/industry-kit.js';
import { caller, companyOf } from '../../test/price-kit.js';
import { useTestApp, type TestContext } from '../../test/test-app.js';
import { partFitments, parts } from '../parts/parts.tables.js';
import { acesApplications, piesPartData } from './industry.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;

/** The base vehicles of the test VCdb, with their names. */
const VEHICLES = VCDB_SEPTEMBER.baseVehicles.map(([id, year, makeId, modelId]) => ({
  id,
  year,
  make: VCDB_SEPTEMBER.makes.find(([m]) => m === makeId)![1],
  model: VCDB_SEPTEMBER.models.find(([m]) => m === modelId)![1],
}));

const words = fc
  .array(
    fc.constantFrom('Brake', 'pad', 'set', 'A&B', '<front>', 'Öl', 'filter', '"quoted"', '12'),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((w) => w.join(' '));

const catalog = fc.uniqueArray(
  fc.record({
    n: fc.integer({ min: 100, max: 999 }),
    name: words,
    description: words,
    cents: fc.integer({ min: 100, max: 99_999 }),
    packSize: fc.integer({ min: 1, max: 6 }),
    oem: fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{5,9}$/), { maxLength: 2 }),
    superseded: fc.boolean(),
    picture: fc.boolean(),
    jobber: fc.option(fc.integer({ min: 100, max: 99_999 }), { nil: null }),
    apps: fc.uniqueArray(
      fc.record({
        vehicle: fc.constantFrom(...VEHICLES),
        position: fc.constantFrom('', 'Front', 'Rear'),
        note: fc.constantFrom('', 'With hardware', 'Not for <sport> & track'),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      { maxLength: 5, selector: (a) => `${a.vehicle.id}|${a.position}|${a.note}` },
    ),
  }),
  { minLength: 1, maxLength: 4, selector: (p) => p.n },
);

/** What both formats carry of the parts whose number starts with `prefix`, in one shape. */
async function carried(ctx: TestContext, prefix: string) {
  const { db } = ctx.database;
  const rows = await db
    .select()
    .from(parts)
    .where(like(parts.sku, `${prefix}%`));
  const ids = rows.map((p) => p.id);
  const vehicles = ids.length
    ? await db.select().from(partFitments).where(inArray(partFitments.partId, ids))
    : [];
  const apps = ids.length
    ? await db.select().from(acesApplications).where(inArray(acesApplications.partId, ids))
    : [];
  const pies = ids.length
    ? await db.select().from(piesPartData).where(inArray(piesPartData.partId, ids))
    : [];
  return rows
    .map((p) => ({
      sku: p.sku,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      packSize: p.packSize,
      oemNumbers: [...p.oemNumbers].sort(),
      supersededNumbers: [...p.supersededNumbers].sort(),
      imageUrl: p.imageUrl,
      brand: pies.find((d) => d.partId === p.id)?.brandLabel ?? null,
      otherPrices: pies.find((d) => d.partId === p.id)?.prices ?? [],
      // Vehicle rows year by year: ACES names one model year per application.
      years: vehicles
        .filter((f) => f.partId === p.id)
        .flatMap((f) =>
          Array.from(
            { length: f.yearTo - f.yearFrom + 1 },
            (_, i) => `${f.make}|${f.model}|${f.yearFrom + i}|${f.position}|${f.note}`,
          ),
        )
        .sort(),
      applications: apps
        .filter((a) => a.partId === p.id)
        .map((a) => `${a.baseVehicleId}|${a.position}|${a.note}|${a.quantity}|${a.partTypeId}`)
        .sort(),
    }))
    .sort((a, b) => a.sku.localeCompare(b.sku));
}

describe('round trip: a catalog exported as ACES and PIES and imported into an empty shop', () => {
  const source = useTestApp({ authRateLimit: false });
  const target = useTestApp({ authRateLimit: false });
  let sourceStaff: Person;
  let targetStaff: Person;
  let owner: Person;
  let companyId: string;
  beforeAll(async () => {
    sourceStaff = await admin(source.app, source.database.db);
    targetStaff = await admin(target.app, target.database.db);
    owner = await customer(source.app);
    companyId = (await companyOf(source.app, owner, 'Round Trip Distribution')).id;
    const allowed = await caller(source.app)(
      sourceStaff,
      'PUT',
      `/api/staff/companies/${companyId}/catalog-feed`,
      { allowed: true },
    );
    expect(allowed.statusCode).toBe(200);
    await currentVcdb(source.app, sourceStaff, VCDB_SEPTEMBER);
    await currentVcdb(target.app, targetStaff, VCDB_SEPTEMBER);
  });

  const importInto = async (kind: 'aces' | 'pies', content: string) => {
    const upload = kind === 'aces' ? uploadAces : uploadPies;
    const res = await upload(target.app, targetStaff, content);
    expect(res.statusCode, res.body).toBe(202);
    const job = await settled(target.app, targetStaff, res.json<CatalogImportSummary>().id);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts.errors, JSON.stringify(job.notes)).toBe(0);
    const done = await apply(target.app, targetStaff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
  };

  it('equals the original in every field both formats carry', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(catalog, async (generated) => {
        run += 1;
        const prefix = `RT${run}-`;
        const { db } = source.database;
        for (const g of generated) {
          const sku = `${prefix}${g.n}`;
          const part = await insertPart(db, { sku, name: g.name, description: g.description });
          await db
            .update(parts)
            .set({
              priceCents: g.cents,
              packSize: g.packSize,
              minOrderQuantity: g.packSize,
              oemNumbers: g.oem,
              supersededNumbers: g.superseded ? [`${prefix}OLD${g.n}`] : [],
              imageUrl: g.picture ? `https://cdn.example.com/${sku}.jpg` : NO_PICTURE_URL,
            })
            .where(eq(parts.id, part.id));
          await db.insert(piesPartData).values({
            partId: part.id,
            brandId: 'ZZZZ',
            brandLabel: 'Iron Coast',
            prices:
              g.jobber === null
                ? []
                : [{ type: 'JBR', cents: g.jobber, currency: 'USD', uom: 'PE' }],
          });
          for (const a of g.apps) {
            const vehicle = {
              partId: part.id,
              make: a.vehicle.make,
              model: a.vehicle.model,
              position: a.position,
              note: a.note,
            };
            await db
              .insert(partFitments)
              .values({ ...vehicle, yearFrom: a.vehicle.year, yearTo: a.vehicle.year });
            await db.insert(acesApplications).values({
              ...vehicle,
              year: a.vehicle.year,
              baseVehicleId: a.vehicle.id,
              quantity: a.quantity,
              partTypeId: 1684,
            });
          }
        }
        const feed = async (format: string) => {
          const res = await caller(source.app)(
            owner,
            'GET',
            `/api/companies/${companyId}/catalog-feed?format=${format}`,
          );
          expect(res.statusCode).toBe(200);
          return res.body;
        };
        await importInto('pies', await feed('pies'));
        await importInto('aces', await feed('aces'));
        expect(await carried(target, prefix)).toEqual(await carried(source, prefix));
      }),
      { numRuns: 10 },
    );
  });
});
