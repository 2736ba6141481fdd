import {
  ApplyImportBody,
  CatalogExportQuery,
  CatalogImportDetails,
  CatalogImportSummary,
  ImportChangesPage,
  ImportChangesQuery,
  ImportListResponse,
  ImportParams,
  TemplateQuery,
} from './catalog-import.js';
import { z } from 'zod';
import { json, type Endpoint } from './endpoint.js';

const spreadsheet = (description: string) => ({
  description,
  contentType: 'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/** Catalog import and export in the staff console (issue 34, decision 058): admins only. */
export const importEndpoints = {
  staffStartImport: {
    method: 'POST',
    path: '/api/staff/imports',
    tag: 'Catalog import',
    summary: 'Upload a catalog file to preview: nothing in the catalog changes',
    description:
      'Send `multipart/form-data`: `parts` (CSV or XLSX; an XLSX may hold a vehicles sheet too), ' +
      'optionally `fitment` (CSV or XLSX) and `pictures` (a ZIP of pictures named by part number), ' +
      'and `archiveMissing=true` to archive live parts the file does not list. The files are ' +
      'checked at once (size, encoding, ZIP limits, XML entities: 400 or 413); the rows are then ' +
      'read, checked and compared with the catalog in the background: poll the import.',
    access: 'admin',
    scopes: ['catalog:write'],
    errors: [400, 409, 413, 415],
    answers: { 202: json('The import, reading', CatalogImportSummary) },
  },
  staffImports: {
    method: 'GET',
    path: '/api/staff/imports',
    tag: 'Catalog import',
    summary: 'The latest imports with their outcome and who ran them',
    access: 'admin',
    scopes: ['catalog:write'],
    answers: { 200: json('Newest first', ImportListResponse) },
  },
  staffImport: {
    method: 'GET',
    path: '/api/staff/imports/{id}',
    tag: 'Catalog import',
    summary: 'One import: progress, counts, the first changes and errors',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    errors: [404],
    answers: { 200: json('The import', CatalogImportDetails) },
  },
  staffImportChanges: {
    method: 'GET',
    path: '/api/staff/imports/{id}/changes',
    tag: 'Catalog import',
    summary: 'The preview’s changes, a page at a time, field by field (old → new)',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    query: ImportChangesQuery,
    errors: [400, 404],
    answers: { 200: json('A page of changes', ImportChangesPage) },
  },
  staffImportChangesFile: {
    method: 'GET',
    path: '/api/staff/imports/{id}/changes.csv',
    tag: 'Catalog import',
    summary: 'The whole diff as CSV, one line per changed field',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    errors: [404],
    answers: { 200: { description: 'CSV', contentType: 'text/csv' } },
  },
  staffImportErrorsFile: {
    method: 'GET',
    path: '/api/staff/imports/{id}/errors.csv',
    tag: 'Catalog import',
    summary: 'The rows with errors as written, with an Errors column: fix and upload again',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    query: z.object({ sheet: z.enum(['parts', 'fitment']).default('parts') }),
    errors: [400, 404],
    answers: { 200: { description: 'CSV', contentType: 'text/csv' } },
  },
  staffApplyImport: {
    method: 'POST',
    path: '/api/staff/imports/{id}/apply',
    tag: 'Catalog import',
    summary: 'Apply a previewed import, all of it or nothing, as one job',
    description:
      'Refused (409) while rows have errors unless `validOnly`, when another import is being ' +
      'applied, or when the catalog changed since the preview. Answers at once; poll the import.',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    body: ApplyImportBody,
    errors: [400, 404, 409],
    answers: { 202: json('The import, applying', CatalogImportSummary) },
  },
  staffDiscardImport: {
    method: 'POST',
    path: '/api/staff/imports/{id}/discard',
    tag: 'Catalog import',
    summary: 'Drop a preview without applying it',
    access: 'admin',
    scopes: ['catalog:write'],
    params: ImportParams,
    errors: [404, 409],
    answers: { 200: json('The import, discarded', CatalogImportSummary) },
  },
  staffCatalogExport: {
    method: 'GET',
    path: '/api/staff/catalog/export',
    tag: 'Catalog import',
    summary: 'The catalog (or the parts list’s filter) as CSV or XLSX, in the import’s format',
    description:
      'XLSX holds the parts and the vehicles as two sheets; CSV is one file at a time ' +
      '(`file=parts` or `file=fitment`). Streamed; every text cell formula-safe.',
    access: 'admin',
    scopes: ['catalog:write'],
    query: CatalogExportQuery,
    errors: [400],
    answers: { 200: spreadsheet('The catalog') },
  },
  staffCatalogTemplate: {
    method: 'GET',
    path: '/api/staff/catalog/template',
    tag: 'Catalog import',
    summary: 'The import template: the columns with an example row, and what each column holds',
    access: 'admin',
    scopes: ['catalog:write'],
    query: TemplateQuery,
    errors: [400],
    answers: { 200: spreadsheet('The template') },
  },
} as const satisfies Record<string, Endpoint>;
