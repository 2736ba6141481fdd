import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import {
  vcdbBaseVehicles,
  vcdbMakes,
  vcdbModels,
  vcdbPositions,
  vcdbReleases,
} from './industry.tables.js';

export type BaseVehicle = { year: number; make: string; model: string };

/**
 * The current VCdb release in memory while an ACES file is read: a release's base vehicles
 * (under 200,000) cost a few megabytes, and a million applications look them up without a
 * round trip each.
 */
export type VcdbIndex = {
  versionDate: string;
  baseVehicle(id: number): BaseVehicle | undefined;
  make(id: number): string | undefined;
  model(id: number): string | undefined;
  /** The base vehicle of a make, model and year, by ids. */
  byYear(makeId: number, modelId: number, year: number): number | undefined;
  /** The first and last year the VCdb holds a make and model in, by ids. */
  years(makeId: number, modelId: number): [number, number] | undefined;
  position(id: number): string | undefined;
};

export async function loadVcdbIndex(db: DbOrTx): Promise<VcdbIndex | null> {
  const [release] = await db
    .select()
    .from(vcdbReleases)
    .where(eq(vcdbReleases.status, 'current'))
    .limit(1);
  if (!release) return null;
  const id = release.id;
  const names = async (
    table: typeof vcdbMakes | typeof vcdbModels | typeof vcdbPositions,
    key: string,
  ) =>
    new Map(
      rowsOf(
        await db.execute(
          sql`select ${sql.raw(key)} as id, name from ${table} where release_id = ${id}`,
        ),
      ).map((r) => [Number(r.id), String(r.name)] as const),
    );
  const makes = await names(vcdbMakes, 'make_id');
  const models = await names(vcdbModels, 'model_id');
  const positions = await names(vcdbPositions, 'position_id');
  const vehicles = new Map<number, BaseVehicle>();
  const byYear = new Map<string, number>();
  const span = new Map<string, [number, number]>();
  let after = -1;
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        select base_vehicle_id, year, make_id, model_id from ${vcdbBaseVehicles}
         where release_id = ${id} and base_vehicle_id > ${after}
         order by base_vehicle_id limit 20000`),
    );
    for (const r of page) {
      const [bv, year, makeId, modelId] = [
        Number(r.base_vehicle_id),
        Number(r.year),
        Number(r.make_id),
        Number(r.model_id),
      ];
      vehicles.set(bv, { year, make: makes.get(makeId) ?? '', model: models.get(modelId) ?? '' });
      const key = `${makeId}:${modelId}`;
      byYear.set(`${key}:${year}`, bv);
      const s = span.get(key);
      span.set(key, s ? [Math.min(s[0], year), Math.max(s[1], year)] : [year, year]);
    }
    if (page.length < 20000) break;
    after = Number(page.at(-1)!.base_vehicle_id);
  }
  return {
    versionDate: release.versionDate,
    baseVehicle: (bv) => vehicles.get(bv),
    make: (m) => makes.get(m),
    model: (m) => models.get(m),
    byYear: (mk, md, y) => byYear.get(`${mk}:${md}:${y}`),
    years: (mk, md) => span.get(`${mk}:${md}`),
    position: (p) => positions.get(p),
  };
}
