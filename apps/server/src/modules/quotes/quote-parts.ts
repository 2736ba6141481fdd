import { sql } from 'drizzle-orm';
import { quantityProblem } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import { partsRelation } from '../parts/stock.service.js';

type PartFacts = {
  id: string;
  sku: string;
  name: string;
  archived: boolean;
  minimum: number;
  packSize: number;
  maximum: number | null;
};

async function partsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PartFacts>> {
  const result = await db.execute(sql`
    select id, sku, name, archived_at is not null as archived, min_order_quantity, pack_size,
           max_order_quantity
      from ${partsRelation}
     where id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return new Map(
    rowsOf(result).map((r) => [
      String(r.id),
      {
        id: String(r.id),
        sku: String(r.sku),
        name: String(r.name),
        archived: r.archived === true,
        minimum: Number(r.min_order_quantity),
        packSize: Number(r.pack_size),
        maximum: r.max_order_quantity === null ? null : Number(r.max_order_quantity),
      },
    ]),
  );
}

/**
 * Each line's part must exist, be sold, and the quantity follow its rule (minimum, packs,
 * maximum; the stock is checked when the offer is accepted): a 400 naming every line otherwise.
 */
export async function checkedLines<L extends { partId: string; quantity: number }>(
  db: DbOrTx,
  lines: readonly L[],
): Promise<(L & { part: PartFacts })[]> {
  const parts = await partsOf(
    db,
    lines.map((l) => l.partId),
  );
  const fields: Record<string, string> = {};
  const checked = lines.map((line, i) => {
    const part = parts.get(line.partId);
    if (!part) fields[`lines.${i}.partId`] = 'No such part';
    else if (part.archived) fields[`lines.${i}.partId`] = `${part.sku} is no longer sold`;
    else {
      const problem = quantityProblem(
        line.quantity,
        { minimum: part.minimum, packSize: part.packSize, maximum: part.maximum },
        Number.MAX_SAFE_INTEGER,
      );
      if (problem) fields[`lines.${i}.quantity`] = `${part.sku}: ${problem.message}`;
    }
    return { ...line, part: part! };
  });
  if (Object.keys(fields).length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', Object.values(fields)[0]!, fields);
  return checked;
}
