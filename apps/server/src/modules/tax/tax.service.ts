import { and, asc, eq, sql } from 'drizzle-orm';
import {
  regionKey,
  type CompanyTaxStatusResponse,
  type TaxRegion,
  type TaxRegionResponse,
  type TaxStatus,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  companyTaxStatuses,
  taxRegionCategories,
  taxRegions,
  type CompanyTaxStatusRow,
} from './tax.tables.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

/** A region as staff write it: rates in basis points. */
export type TaxRegionValues = {
  country: string;
  state: string | null;
  rateBp: number;
  categoryRates: { category: string; rateBp: number }[];
};

const toBp = (percent: number) => Math.round(percent * 100);
const toPercent = (bp: number) => bp / 100;

/** A body's percentages in basis points, converted once. */
export const regionValuesOf = (body: {
  country: string;
  state: string | null;
  rate: number;
  categoryRates: { category: string; rate: number }[];
}): TaxRegionValues => ({
  country: body.country,
  state: body.state,
  rateBp: toBp(body.rate),
  categoryRates: body.categoryRates.map((c) => ({ category: c.category, rateBp: toBp(c.rate) })),
});

/** Every region with its category rates, by country then state (the whole country first). */
export async function listTaxRegions(db: DbOrTx): Promise<TaxRegion[]> {
  const rows = await db
    .select()
    .from(taxRegions)
    .orderBy(asc(taxRegions.country), sql`${taxRegions.state} nulls first`, asc(taxRegions.id));
  if (rows.length === 0) return [];
  const categories = await db.select().from(taxRegionCategories);
  return rows.map((r) => ({
    id: r.id,
    country: r.country,
    state: r.state,
    rateBp: r.rateBp,
    categoryRates: categories
      .filter((c) => c.regionId === r.id)
      .map((c) => ({ category: c.category, rateBp: c.rateBp }))
      .sort((a, b) => a.category.localeCompare(b.category)),
  }));
}

export const toRegionResponse = (r: TaxRegion): TaxRegionResponse => ({
  id: r.id,
  country: r.country,
  state: r.state,
  key: regionKey(r),
  rate: toPercent(r.rateBp),
  categoryRates: r.categoryRates.map((c) => ({ category: c.category, rate: toPercent(c.rateBp) })),
});

const placeTaken = () =>
  new AppError(409, 'TAX_REGION_EXISTS', 'The shop already collects tax in this place');

/** The same place twice (a country, or a state of it, whatever the case) is refused with a 409. */
async function samePlace(
  tx: DbOrTx,
  values: TaxRegionValues,
  except: string | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: taxRegions.id })
    .from(taxRegions)
    .where(
      and(
        eq(taxRegions.country, values.country),
        sql`upper(coalesce(${taxRegions.state}, '')) = upper(${values.state ?? ''})`,
        except ? sql`${taxRegions.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function writeCategories(tx: DbOrTx, id: string, values: TaxRegionValues): Promise<void> {
  await tx.delete(taxRegionCategories).where(eq(taxRegionCategories.regionId, id));
  if (values.categoryRates.length > 0)
    await tx
      .insert(taxRegionCategories)
      .values(values.categoryRates.map((c) => ({ regionId: id, ...c })));
}

/** Makes a region (in the caller's transaction); a place already taken is a 409. */
export async function createTaxRegion(tx: DbOrTx, values: TaxRegionValues): Promise<string> {
  if (await samePlace(tx, values, null)) throw placeTaken();
  try {
    const [row] = await tx
      .insert(taxRegions)
      .values({ country: values.country, state: values.state, rateBp: values.rateBp })
      .returning({ id: taxRegions.id });
    await writeCategories(tx, row!.id, values);
    return row!.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw placeTaken();
    throw err;
  }
}

/** Changes a region; 404 when there is none, 409 for a place another region has. */
export async function updateTaxRegion(
  tx: DbOrTx,
  id: string,
  values: TaxRegionValues,
): Promise<void> {
  if (await samePlace(tx, values, id)) throw placeTaken();
  const [row] = await tx
    .update(taxRegions)
    .set({
      country: values.country,
      state: values.state,
      rateBp: values.rateBp,
      updatedAt: new Date(),
    })
    .where(eq(taxRegions.id, id))
    .returning({ id: taxRegions.id });
  if (!row) throw notFound('Tax region');
  await writeCategories(tx, id, values);
}

/** Deletes a region and its category rates; 404 when there is none. */
export async function deleteTaxRegion(tx: DbOrTx, id: string): Promise<TaxRegion> {
  const region = (await listTaxRegions(tx)).find((r) => r.id === id);
  if (!region) throw notFound('Tax region');
  await tx.delete(taxRegions).where(eq(taxRegions.id, id));
  return region;
}

export async function findTaxStatusRow(
  db: DbOrTx,
  companyId: string,
): Promise<CompanyTaxStatusRow | undefined> {
  const [row] = await db
    .select()
    .from(companyTaxStatuses)
    .where(eq(companyTaxStatuses.companyId, companyId))
    .limit(1);
  return row;
}

/** The contract's view of a status row (no row: standard). */
export function taxStatusOf(row: CompanyTaxStatusRow | undefined): TaxStatus {
  if (!row || row.kind === 'standard') return { kind: 'standard' };
  if (row.kind === 'exempt')
    return {
      kind: 'exempt',
      certificateNumber: row.certificateNumber ?? '',
      regions: row.certificateRegions,
      expiresOn: row.certificateExpiresOn ?? '0000-01-01',
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
    };
  return {
    kind: 'reverse_charge',
    vatId: row.vatId ?? '',
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

export const toStatusResponse = (
  row: CompanyTaxStatusRow | undefined,
  today: string,
): CompanyTaxStatusResponse => ({
  kind: row?.kind ?? 'standard',
  certificateNumber: row?.kind === 'exempt' ? row.certificateNumber : null,
  regions: row?.kind === 'exempt' ? row.certificateRegions : [],
  expiresOn: row?.kind === 'exempt' ? row.certificateExpiresOn : null,
  verifiedAt:
    row?.kind === 'exempt'
      ? (row.verifiedAt?.toISOString() ?? null)
      : row?.kind === 'reverse_charge'
        ? (row.confirmedAt?.toISOString() ?? null)
        : null,
  vatId: row?.kind === 'reverse_charge' ? row.vatId : null,
  certificateFile:
    row?.kind === 'exempt' && row.certificateUpload && row.certificateUploadedAt
      ? {
          contentType: row.certificateContentType ?? 'application/octet-stream',
          uploadedAt: row.certificateUploadedAt.toISOString(),
          url: `/api/companies/${row.companyId}/tax-status/certificate`,
        }
      : null,
  expired:
    row?.kind === 'exempt' && row.certificateExpiresOn !== null && row.certificateExpiresOn < today,
});

/** A status as staff set it: verification cleared, so a changed certificate is verified again. */
export type TaxStatusValues =
  | { kind: 'standard' }
  | { kind: 'exempt'; certificateNumber: string; regions: string[]; expiresOn: string }
  | { kind: 'reverse_charge'; vatId: string };

/**
 * Writes a company's status. An exemption set again keeps its uploaded file; any other status
 * drops it, and `dropped` names the file to remove once the transaction committed.
 */
export async function writeTaxStatus(
  tx: DbOrTx,
  companyId: string,
  values: TaxStatusValues,
): Promise<CompanyTaxStatusRow & { dropped: string | null }> {
  const [before] = await tx
    .select({ file: companyTaxStatuses.certificateUpload })
    .from(companyTaxStatuses)
    .where(eq(companyTaxStatuses.companyId, companyId))
    .for('update');
  const keepsFile = values.kind === 'exempt';
  const row = {
    ...(keepsFile
      ? {}
      : { certificateUpload: null, certificateContentType: null, certificateUploadedAt: null }),
    kind: values.kind,
    certificateNumber: values.kind === 'exempt' ? values.certificateNumber : null,
    certificateRegions: values.kind === 'exempt' ? values.regions : [],
    certificateExpiresOn: values.kind === 'exempt' ? values.expiresOn : null,
    vatId: values.kind === 'reverse_charge' ? values.vatId : null,
    verifiedAt: null,
    verifiedBy: null,
    confirmedAt: null,
    confirmedBy: null,
    expiryRemindedFor: null,
    updatedAt: new Date(),
  };
  const [written] = await tx
    .insert(companyTaxStatuses)
    .values({ companyId, ...row })
    .onConflictDoUpdate({ target: companyTaxStatuses.companyId, set: row })
    .returning();
  return { ...written!, dropped: keepsFile ? null : (before?.file ?? null) };
}

/** Staff verified the certificate or confirmed the VAT id; 409 for a standard company. */
export async function verifyTaxStatus(
  tx: DbOrTx,
  companyId: string,
  staffId: string,
): Promise<CompanyTaxStatusRow> {
  const row = await findTaxStatusRow(tx, companyId);
  if (!row || row.kind === 'standard')
    throw new AppError(
      409,
      'NOTHING_TO_VERIFY',
      'The company is taxed as standard: nothing to verify',
    );
  const now = new Date();
  const [updated] = await tx
    .update(companyTaxStatuses)
    .set(
      row.kind === 'exempt'
        ? { verifiedAt: now, verifiedBy: staffId, updatedAt: now }
        : { confirmedAt: now, confirmedBy: staffId, updatedAt: now },
    )
    .where(eq(companyTaxStatuses.companyId, companyId))
    .returning();
  return updated!;
}
