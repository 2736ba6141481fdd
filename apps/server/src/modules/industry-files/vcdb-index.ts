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

/** The VCdb's years (1896 to 2100, as a release's upload checks) fit in 256 from 1890. */
const FIRST_YEAR = 1890;
const YEARS = 256;

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
  // Kept small, as it lives through the whole read: each base vehicle is one small integer (its
  // make and model's place in `pairs`, and its year), each make and model one entry with its
  // years. One object and one "make:model:year" key per base vehicle cost 30 MB at 150,000, and
  // V8 lets garbage grow to a multiple of what is live before it collects.
  const vehicles = new Map<number, number>();
  const pairs: {
    makeId: number;
    modelId: number;
    first: number;
    last: number;
    ids: Map<number, number>;
  }[] = [];
  const pairOf = new Map<string, number>();
  const pairKey = (makeId: number, modelId: number) => `${makeId}:${modelId}`;
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
      const key = pairKey(makeId, modelId);
      let at = pairOf.get(key);
      if (at === undefined) {
        at = pairs.push({ makeId, modelId, first: year, last: year, ids: new Map() }) - 1;
        pairOf.set(key, at);
      }
      const pair = pairs[at]!;
      pair.first = Math.min(pair.first, year);
      pair.last = Math.max(pair.last, year);
      pair.ids.set(year, bv);
      vehicles.set(bv, at * YEARS + (year - FIRST_YEAR));
    }
    if (page.length < 20000) break;
    after = Number(page.at(-1)!.base_vehicle_id);
  }
  const pairAt = (makeId: number, modelId: number) => {
    const at = pairOf.get(pairKey(makeId, modelId));
    return at === undefined ? undefined : pairs[at];
  };
  return {
    versionDate: release.versionDate,
    baseVehicle: (bv) => {
      const packed = vehicles.get(bv);
      if (packed === undefined) return undefined;
      const pair = pairs[Math.floor(packed / YEARS)]!;
      return {
        year: (packed % YEARS) + FIRST_YEAR,
        make: makes.get(pair.makeId) ?? '',
        model: models.get(pair.modelId) ?? '',
      };
    },
    make: (m) => makes.get(m),
    model: (m) => models.get(m),
    byYear: (mk, md, y) => pairAt(mk, md)?.ids.get(y),
    years: (mk, md) => {
      const pair = pairAt(mk, md);
      return pair ? [pair.first, pair.last] : undefined;
    },
    position: (p) => positions.get(p),
  };
}
