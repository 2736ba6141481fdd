import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_CATEGORY,
  fromCents,
  isUuid,
  normalisePartNumber,
  ladderIssues,
  quantityRuleIssues,
  stepsOfColumns,
  toCents,
  toSteps,
  toStepsCents,
  type CatalogFields,
  type CreatePartValues,
  type PartResponse,
  type UpdatePartValues,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { AppError } from '../../http/errors.js';
import { partColumns, parts, type PartRow } from './parts.tables.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

export const toPartResponse = (row: PartRow): PartResponse => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  mOrderQuantity: row.minOrderQuantity,
  availableQuantity: row.availableQuantity,
  price: fromCents(row.priceCents),
  url: row.imageUrl,
  packSize: row.packSize,
  maxOrderQuantity: row.maxOrderQuantity,
  priceTiers: toSteps(stepsOfColumns(row.tierQuantities, row.tierCents)),
  ...(row.coreChargeCents > 0 ? { coreCharge: fromCents(row.coreChargeCents) } : {}),
});

/** Undefined for an unknown id and for text that cannot be an id at all. */
export async function findPart(db: DbOrTx, id: string): Promise<PartRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await partById(db).execute({ id });
  return row;
}

/**
 * The catalog category of each of some parts, by part id: what a line's tax rate (decision 063)
 * and a return's window by category depend on.
 */
export async function categoriesOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: parts.id, category: parts.category })
    .from(parts)
    .where(inArray(parts.id, valid));
  return new Map(rows.map((r) => [r.id, r.category]));
}

const partById = prepared((db) =>
  db
    .select(partColumns)
    .from(parts)
    .where(eq(parts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('part_by_id'),
);

const skuTaken = () =>
  new AppError(409, 'SKU_TAKEN', 'Another part already has this part number', {
    sku: 'Another part already has this part number',
  });

/** The catalog columns a body sets; a field left out keeps its stored (or default) value. */
const catalogColumns = (values: CatalogFields) => ({
  ...(values.sku ? { sku: values.sku.toUpperCase() } : {}),
  ...(values.category ? { category: values.category } : {}),
  ...(values.oemNumbers
    ? { oemNumbers: [...new Set(values.oemNumbers.map(normalisePartNumber))] }
    : {}),
  ...(values.supersededNumbers
    ? { supersededNumbers: [...new Set(values.supersededNumbers.map((n) => n.toUpperCase()))] }
    : {}),
  ...(values.specs ? { specs: values.specs } : {}),
  ...(values.featured !== undefined ? { featured: values.featured } : {}),
});

/**
 * An older number must not be a part number in use (this part's own included): the number would
 * then name two parts. Read in the writer's transaction; a part renumbered to an old number at the
 * same moment is the one race left, and quick order and search then prefer the current number.
 */
async function refuseSupersededInUse(
  tx: DbOrTx,
  values: CatalogFields,
  ownSku?: string,
): Promise<void> {
  const numbers = (values.supersededNumbers ?? []).map((n) => n.toUpperCase());
  if (numbers.length === 0) return;
  const own = (values.sku || ownSku || '').toUpperCase();
  const [clash] = numbers.includes(own)
    ? [{ sku: own }]
    : await tx
        .select({ sku: parts.sku })
        .from(parts)
        .where(sql`upper(${parts.sku}) = any(${sql.param(numbers)}::text[])`)
        .limit(1);
  if (clash) {
    const message = `${clash.sku.toUpperCase()} is a current part number: only numbers no longer in use can be replaced`;
    throw new AppError(409, 'SKU_TAKEN', message, { supersededNumbers: message });
  }
}

/** A ladder as the part's two columns, smallest quantity first. */
const ladderColumns = (steps: readonly { minQuantity: number; price: number }[]) => {
  const cents = toStepsCents(steps);
  return {
    tierQuantities: cents.map((s) => s.minQuantity),
    tierCents: cents.map((s) => s.unitCents),
  };
};

/**
 * Adds a part. The spec's six fields are enough: the part number is generated and the category
 * is "uncategorised" when not given. A part staff add is featured unless they say otherwise, so it
 * shows in Our Collection on the home page as the specification's add-part flow expects (bulk
 * imports and generated parts are not).
 */
export async function createPart(
  db: Db,
  values: CreatePartValues,
  withFitment: (tx: DbOrTx, partId: string) => Promise<void> = async () => undefined,
): Promise<PartRow> {
  try {
    return await db.transaction(async (tx) => {
      await refuseSupersededInUse(tx, values);
      const [row] = await tx
        .insert(parts)
        .values({
          name: values.name,
          description: values.description,
          minOrderQuantity: values.mOrderQuantity,
          availableQuantity: values.availableQuantity,
          priceCents: toCents(values.price),
          imageUrl: values.url,
          packSize: values.packSize ?? 1,
          maxOrderQuantity: values.maxOrderQuantity ?? null,
          coreChargeCents: toCents(values.coreCharge ?? 0),
          ...ladderColumns(values.priceTiers ?? []),
          category: DEFAULT_CATEGORY,
          featured: true,
          ...catalogColumns(values),
        })
        .returning(partColumns);
      if (!row) throw new Error('insert returned no row');
      await withFitment(tx, row.id);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken();
    throw err;
  }
}

/**
 * Changes a live part's details and catalog fields (never its stock) inside the caller's
 * transaction; undefined when there is no such live part. A unique-number clash is a 409.
 */
export async function updatePartDetails(
  tx: DbOrTx,
  id: string,
  values: UpdatePartValues,
): Promise<{ before: PartRow; after: PartRow } | undefined> {
  if (!isUuid(id)) return undefined;
  const [before] = await tx
    .select(partColumns)
    .from(parts)
    .where(and(eq(parts.id, id), sql`${parts.archivedAt} is null`))
    .for('update')
    .limit(1);
  if (!before) return undefined;
  if (values.sku && values.sku.toUpperCase() !== before.sku.toUpperCase()) {
    const [clash] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(sql`upper(${parts.sku}) = ${values.sku.toUpperCase()} and ${parts.id} <> ${id}`)
      .limit(1);
    if (clash) throw skuTaken();
  }
  await refuseSupersededInUse(tx, values, before.sku);
  // A field left out keeps its stored value; the rule must hold for what the part will be.
  const packSize = values.packSize ?? before.packSize;
  const maxOrderQuantity =
    values.maxOrderQuantity === undefined ? before.maxOrderQuantity : values.maxOrderQuantity;
  const ruleIssues = quantityRuleIssues({
    mOrderQuantity: values.mOrderQuantity,
    packSize,
    maxOrderQuantity,
  });
  // The ladder must hold for what the part will be: the one sent, or the stored one when the
  // price, minimum or packs change without it.
  const steps = values.priceTiers
    ? toStepsCents(values.priceTiers)
    : stepsOfColumns(before.tierQuantities, before.tierCents);
  const ladder = ladderIssues(
    steps,
    { minimum: values.mOrderQuantity, packSize, maximum: maxOrderQuantity },
    toCents(values.price),
  );
  if (!values.priceTiers && Object.keys(ladder).length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `The volume prices no longer fit: ${Object.values(ladder)[0]}. Change them with the part.`,
      { priceTiers: 'The volume prices no longer fit the part: change them too' },
    );
  const issues = { ...ruleIssues, ...ladder };
  const firstIssue = Object.values(issues)[0];
  if (firstIssue) throw new AppError(400, 'VALIDATION_FAILED', firstIssue, issues);
  const [after] = await tx
    .update(parts)
    .set({
      name: values.name,
      description: values.description,
      minOrderQuantity: values.mOrderQuantity,
      packSize,
      maxOrderQuantity,
      priceCents: toCents(values.price),
      imageUrl: values.url,
      ...(values.coreCharge === undefined ? {} : { coreChargeCents: toCents(values.coreCharge) }),
      ...ladderColumns(toSteps(steps)),
      updatedAt: new Date(),
      ...catalogColumns(values),
    })
    .where(eq(parts.id, id))
    .returning(partColumns);
  if (!after) return undefined;
  return { before, after };
}

export async function countParts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parts);
  return row?.n ?? 0;
}
