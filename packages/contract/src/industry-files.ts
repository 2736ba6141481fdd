import { z } from 'zod';
import { PathId } from './common.js';
import { CatalogImportSummary, ImportParams } from './catalog-import.js';
import { json, type Endpoint } from './endpoint.js';

/*
 * The parts industry's files (issue 39, decision 067): VCdb releases staff upload, ACES fitment
 * and PIES product files read through the catalog import's preview, and the feeds a distributor
 * downloads.
 */

export const VCDB_STATUSES = ['previewed', 'current', 'retired', 'discarded'] as const;
export type VcdbReleaseStatus = (typeof VCDB_STATUSES)[number];

export const VcdbReleaseCounts = z.object({
  baseVehicles: z.number().int(),
  makes: z.number().int(),
  models: z.number().int(),
  positions: z.number().int(),
  /** Stored ACES applications the release was checked against. */
  applications: z.number().int(),
  /** Of those, how many name another make, model or year under this release. */
  renamed: z.number().int(),
  /** Of those, how many have a base vehicle id this release does not hold. */
  unresolved: z.number().int(),
});
export type VcdbReleaseCounts = z.infer<typeof VcdbReleaseCounts>;

export const VcdbReleaseSummary = z.object({
  id: z.string(),
  status: z.enum(VCDB_STATUSES),
  versionDate: z.string(),
  fileNames: z.array(z.string()),
  counts: VcdbReleaseCounts,
  createdBy: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type VcdbReleaseSummary = z.infer<typeof VcdbReleaseSummary>;

/** A stored application as a VCdb release maps it: unresolved, or named otherwise. */
export const VcdbRemapItem = z.object({
  partNumber: z.string(),
  baseVehicleId: z.number().int(),
  before: z.string(),
  /** null: this release does not hold the id. */
  after: z.string().nullable(),
});
export type VcdbRemapItem = z.infer<typeof VcdbRemapItem>;

export const VcdbReleaseDetails = VcdbReleaseSummary.extend({
  /** The first 100 applications that no longer resolve or map to another vehicle. */
  remap: z.array(VcdbRemapItem),
});
export type VcdbReleaseDetails = z.infer<typeof VcdbReleaseDetails>;

export const VcdbParams = z.object({ id: PathId });

/** Why an ACES application was left out of the preview. */
export const ACES_UNMAPPED_REASONS = {
  unknownVehicle: 'Unknown VCdb base vehicle id',
  unknownMakeModel: 'Unknown VCdb make or model id',
  yearOutside: "Year outside the vehicle's years",
  unknownPart: 'Unknown part number',
  noVehicle: 'No vehicle named',
  noPart: 'No part number',
  duplicate: 'The same application twice',
  deleteNotFound: 'Deleted application not in the catalog',
  unreadable: 'A value could not be read',
} as const;

export const AcesUnmappedItem = z.object({
  reason: z.string(),
  appId: z.string().nullable(),
  part: z.string().nullable(),
  vehicle: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AcesUnmappedItem = z.infer<typeof AcesUnmappedItem>;

export const AcesUnmappedReport = z.object({
  total: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** The first 50, in file order. */
  items: z.array(AcesUnmappedItem),
});
export type AcesUnmappedReport = z.infer<typeof AcesUnmappedReport>;

/** What an ACES file's header and footer said, kept in the import's notes. */
export const ACES_SUBMISSION_TYPES = ['FULL', 'INCREMENTAL'] as const;

export const CATALOG_FEED_FORMATS = ['aces', 'pies', 'csv'] as const;
export const CatalogFeedQuery = z.object({ format: z.enum(CATALOG_FEED_FORMATS) });
export const CatalogFeedAccess = z.object({ companyId: z.string(), allowed: z.boolean() });
export type CatalogFeedAccess = z.infer<typeof CatalogFeedAccess>;
export const CatalogFeedAccessBody = z.object({ allowed: z.boolean() }).strict();

export const industryEndpoints = {
  companyCatalogFeed: {
    method: 'GET',
    path: '/api/companies/{id}/catalog-feed',
    tag: 'Industry files',
    summary: 'The catalog as ACES XML, PIES XML or CSV, at the company’s own prices',
    description:
      'For an owner or admin of a company staff allowed (`PUT /api/staff/companies/{id}/catalog-feed`); ' +
      '404 to anyone else. Every live part at the company’s price for its minimum order; ' +
      'streamed; CSV cells formula-safe.',
    access: 'customer',
    params: VcdbParams,
    query: CatalogFeedQuery,
    errors: [400, 404],
    answers: {
      200: { description: 'The file', contentType: 'application/xml or text/csv' },
    },
  },
  companyCatalogFeedAccess: {
    method: 'GET',
    path: '/api/companies/{id}/catalog-feed/access',
    tag: 'Industry files',
    summary: 'Whether staff let this company download the catalog feeds',
    description: 'For an owner or admin of the company; 404 to anyone else.',
    access: 'customer',
    params: VcdbParams,
    errors: [400, 404],
    answers: { 200: json('Access', CatalogFeedAccess) },
  },
  staffCatalogFeedAccess: {
    method: 'GET',
    path: '/api/staff/companies/{id}/catalog-feed',
    tag: 'Industry files',
    summary: 'Whether a company may download the catalog feeds',
    access: 'admin',
    params: VcdbParams,
    errors: [400, 404],
    answers: { 200: json('Access', CatalogFeedAccess) },
  },
  staffSetCatalogFeedAccess: {
    method: 'PUT',
    path: '/api/staff/companies/{id}/catalog-feed',
    tag: 'Industry files',
    summary: 'Let a company download the catalog feeds, or stop it',
    access: 'admin',
    params: VcdbParams,
    body: CatalogFeedAccessBody,
    errors: [400, 404],
    answers: { 200: json('Access', CatalogFeedAccess) },
  },
  staffUploadVcdb: {
    method: 'POST',
    path: '/api/staff/vcdb',
    tag: 'Industry files',
    summary: 'Upload a VCdb release to preview: nothing changes until it is applied',
    description:
      'Send `multipart/form-data`: `baseVehicle`, `make` and `model` (the pipe-delimited text ' +
      'edition’s tables, each with its header row), optionally `position` (the PCdb’s positions) ' +
      'and `version` (the edition’s version file), or a `versionDate` field (YYYY-MM-DD). Every ' +
      'stored ACES application is mapped under the new release; those whose ids no longer ' +
      'resolve, or now name another vehicle, are listed before anything changes.',
    access: 'admin',
    errors: [400, 409, 413, 415],
    answers: { 201: json('The release, previewed', VcdbReleaseSummary) },
  },
  staffVcdbReleases: {
    method: 'GET',
    path: '/api/staff/vcdb',
    tag: 'Industry files',
    summary: 'The VCdb releases uploaded, newest first',
    access: 'admin',
    answers: { 200: json('Releases', z.array(VcdbReleaseSummary)) },
  },
  staffVcdbRelease: {
    method: 'GET',
    path: '/api/staff/vcdb/{id}',
    tag: 'Industry files',
    summary: 'A VCdb release with the stored applications it no longer maps as before',
    access: 'admin',
    params: VcdbParams,
    errors: [400, 404],
    answers: { 200: json('The release', VcdbReleaseDetails) },
  },
  staffVcdbRemapFile: {
    method: 'GET',
    path: '/api/staff/vcdb/{id}/remap.csv',
    tag: 'Industry files',
    summary: 'Every stored application the release no longer maps as before, as CSV',
    access: 'admin',
    params: VcdbParams,
    errors: [400, 404],
    answers: { 200: { description: 'CSV', contentType: 'text/csv' } },
  },
  staffApplyVcdb: {
    method: 'POST',
    path: '/api/staff/vcdb/{id}/apply',
    tag: 'Industry files',
    summary: 'Make a previewed release the current one and re-map the stored applications',
    description:
      'Applications whose base vehicle now names another make, model or year follow it; those ' +
      'whose id the release does not hold keep their vehicle and stay listed.',
    access: 'admin',
    params: VcdbParams,
    errors: [400, 404, 409],
    answers: { 200: json('The release, current', VcdbReleaseSummary) },
  },
  staffDiscardVcdb: {
    method: 'POST',
    path: '/api/staff/vcdb/{id}/discard',
    tag: 'Industry files',
    summary: 'Drop a previewed release',
    access: 'admin',
    params: VcdbParams,
    errors: [400, 404, 409],
    answers: { 200: json('The release, discarded', VcdbReleaseSummary) },
  },
  staffStartAcesImport: {
    method: 'POST',
    path: '/api/staff/imports/aces',
    tag: 'Industry files',
    summary: 'Upload an ACES 4.x XML file to preview through the catalog import',
    description:
      'Send `multipart/form-data` with `aces`. Refused at once (400) when it declares a DTD or ' +
      'entities, is not UTF-8, or is not ACES 4; read as a stream in the background into the ' +
      'catalog import’s preview: poll `/api/staff/imports/{id}`, then apply or discard it there.',
    access: 'admin',
    errors: [400, 409, 413, 415],
    answers: { 202: json('The import, reading', CatalogImportSummary) },
  },
  staffStartPiesImport: {
    method: 'POST',
    path: '/api/staff/imports/pies',
    tag: 'Industry files',
    summary: 'Upload a PIES 7.x XML file to preview its Items through the catalog import',
    description:
      'Send `multipart/form-data` with `pies`. Refused at once (400) when it declares a DTD or ' +
      'entities, is not UTF-8, or is not PIES; each Item becomes a row of the catalog import’s ' +
      'parts preview (a blank field keeps the part’s value): poll `/api/staff/imports/{id}`.',
    access: 'admin',
    errors: [400, 413, 415],
    answers: { 202: json('The import, reading', CatalogImportSummary) },
  },
  staffAcesUnmapped: {
    method: 'GET',
    path: '/api/staff/imports/{id}/aces-unmapped',
    tag: 'Industry files',
    summary: 'What an ACES or PIES import did not map, counted by reason',
    access: 'admin',
    params: ImportParams,
    errors: [400, 404],
    answers: { 200: json('Unmapped applications', AcesUnmappedReport) },
  },
  staffAcesUnmappedFile: {
    method: 'GET',
    path: '/api/staff/imports/{id}/aces-unmapped.csv',
    tag: 'Industry files',
    summary: 'Every application an ACES import did not map, with the reason, as CSV',
    access: 'admin',
    params: ImportParams,
    errors: [400, 404],
    answers: { 200: { description: 'CSV', contentType: 'text/csv' } },
  },
} as const satisfies Record<string, Endpoint>;
