import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  ApplyImportBody,
  CatalogExportQuery,
  endpoints,
  ImportChangesQuery,
  ImportParams,
  routePath,
  TemplateQuery,
} from '@storefront/contract';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { KeyGuard } from '../api-keys/api-key-guard.js';
import type { Guards } from '../auth/guards.js';
import { runApply, type ApplyDeps } from './apply.js';
import { exportCsv, exportXlsx, templateCsv, templateXlsx } from './export.js';
import {
  anotherApplying,
  createImportJob,
  dropStagedRows,
  STAGING_TABLES,
  findImport,
  importNotFound,
  listImports,
  moveImport,
  summaryOf,
} from './jobs.js';
import { changesCsv, errorsCsv, listChanges, listErrors } from './reads.js';
import { runPreview, type ImportFile, type ImportFiles } from './preview.js';
import { openZip } from './zip-guard.js';
import { receiveFiles } from './receive-files.js';
import { inspectSpreadsheet, isZip } from './sheets.js';
import { IMPORT_LIMITS } from './limits.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { VacuumQueue } from '../../db/vacuum-queue.js';

export type CatalogImportRoutesOptions = {
  db: Db;
  guards: Guards;
  /** A staff API key with `catalog:write` imports as an admin does (decision 059). */
  keyGuard: KeyGuard;
  /** Where uploaded files wait while they are read (DATA_DIR/imports). */
  dir: string;
  /** Where the pictures ZIP's pictures are stored (the upload pipeline's folder). */
  uploadsDir: string;
  maxBytes: number;
  lowStockFactor: number;
  /** After an apply commits: caches cleared, the search index told. */
  onCatalogChange: () => void;
  /** The embedded database: the catalog answers from memory while an apply holds it. */
  catalogWhileHeld?: ApplyDeps['catalogWhileHeld'];
  /** Tables left with many dead rows (a discarded preview's, an applied catalog), vacuumed later. */
  vacuum?: VacuumQueue;
  /** Tests: a pause between two steps of an apply. */
  betweenSteps?: (step: string) => Promise<void>;
  /** Inside an apply's transaction, once the vehicles are written (ACES applications, 067). */
  afterVehicles?: (tx: DbOrTx, importId: string) => Promise<void>;
};

const FIELDS = ['parts', 'fitment', 'pictures'] as const;

/**
 * The catalog import in the staff console (issue 34, decision 058): upload to preview (nothing
 * written), read the preview, apply it as one job or discard it; export the catalog and the
 * template in the same format. Admins only, checked before anything else is read.
 */
export const catalogImportRoutes: FastifyPluginAsync<CatalogImportRoutesOptions> = async (
  app,
  options,
) => {
  const { db, dir } = options;
  /** An admin, or a staff key holding `catalog:write` (named in the audit log and the import). */
  const guards = {
    requireAdmin: async (request: FastifyRequest) => {
      if (request.headers.authorization?.startsWith(`Bearer ${API_KEY_PREFIX}`)) {
        const key = await options.keyGuard.requireKey(request, ['catalog:write']);
        return { sub: key.actor.userId, email: key.actor.email };
      }
      return options.guards.requireAdmin(request);
    },
  };
  // Only this plugin's routes read multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: options.maxBytes,
      files: FIELDS.length,
      fields: 2,
      parts: FIELDS.length + 2,
      fieldNameSize: 50,
      fieldSize: 100,
    },
  });

  app.post(routePath(endpoints.staffStartImport), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const folder = path.join(dir, randomUUID());
    await fs.mkdir(folder, { recursive: true });
    try {
      const received = await receiveFiles(request, {
        folder,
        fields: FIELDS,
        flags: ['archiveMissing'],
        maxBytes: options.maxBytes,
        onlyOneEach: 'Send at most one file in each of "parts", "fitment" and "pictures"',
      });
      const uploaded = received.files;
      const archiveMissing = received.flags.archiveMissing === true;
      if (!uploaded.parts && !uploaded.fitment)
        throw new AppError(400, 'VALIDATION_FAILED', 'Choose the catalog file (CSV or XLSX)', {
          parts: 'Choose the catalog file (CSV or XLSX)',
        });

      // What can be refused at once is refused here, before the job exists.
      const files: Partial<ImportFiles> = {};
      const notes: string[] = [];
      for (const field of ['parts', 'fitment'] as const) {
        const file = uploaded[field];
        if (!file) continue;
        files[field] = await inspectSpreadsheet(file, notes);
      }
      if (uploaded.pictures) {
        if (!(await isZip(uploaded.pictures.path)))
          throw new AppError(400, 'UNREADABLE_FILE', 'The pictures must come as one ZIP archive');
        const zip = await openZip(uploaded.pictures.path);
        const entries = zip.entryCount;
        zip.close();
        if (entries > IMPORT_LIMITS.zip.maxEntries)
          throw new AppError(
            400,
            'UNREADABLE_FILE',
            `The pictures ZIP holds ${entries.toLocaleString('en-US')} entries; at most ${IMPORT_LIMITS.zip.maxEntries.toLocaleString('en-US')} are read.`,
          );
        files.pictures = { ...uploaded.pictures, format: 'zip' };
      }
      const main = (files.parts ?? files.fitment) as ImportFile;
      const job = await createImportJob(db, {
        fileName: main.name,
        fitmentFileName: files.parts && files.fitment ? files.fitment.name : null,
        picturesFileName: files.pictures?.name ?? null,
        checksum: received.checksum,
        archiveMissing,
        createdBy: caller.sub,
        createdByEmail: caller.email,
        notes,
      });
      // Read in the background; the page follows the job's progress.
      void runPreview(
        { db, log: request.log, uploadsDir: options.uploadsDir },
        job.id,
        {
          parts: main,
          ...(files.parts && files.fitment ? { fitment: files.fitment } : {}),
          ...(files.pictures ? { pictures: files.pictures } : {}),
        },
        { archiveMissing },
      ).finally(() => void fs.rm(folder, { recursive: true, force: true }));
      return reply.status(202).send(summaryOf(job));
    } catch (err) {
      await fs.rm(folder, { recursive: true, force: true });
      throw err;
    }
  });

  app.get(routePath(endpoints.staffImports), async (request) => {
    await guards.requireAdmin(request);
    return (await listImports(db)).map(summaryOf);
  });

  const imported = async (id: string) => {
    const row = await findImport(db, id);
    if (!row) throw importNotFound();
    return row;
  };

  app.get(routePath(endpoints.staffImport), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const row = await imported(id);
    // While reading or applying, the page polls for progress alone: no lists to read.
    if (row.status === 'reading' || row.status === 'applying')
      return { ...summaryOf(row), changes: [], errors: [] };
    const [changes, errors] = await Promise.all([
      listChanges(db, id, { pageSize: 50 }),
      listErrors(db, id, 50),
    ]);
    return { ...summaryOf(row), changes: changes.items, errors };
  });

  app.get(routePath(endpoints.staffImportChanges), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const query = parseOr400(ImportChangesQuery, request.query ?? {});
    await imported(id);
    return listChanges(db, id, query);
  });

  app.get(routePath(endpoints.staffImportChangesFile), async (request, reply) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const row = await imported(id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="changes-${stem(row.fileName)}.csv"`)
      .header('cache-control', 'no-store')
      .send(changesCsv(db, id));
  });

  app.get(routePath(endpoints.staffImportErrorsFile), async (request, reply) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const { sheet } = parseOr400(
      z.object({ sheet: z.enum(['parts', 'fitment']).default('parts') }),
      request.query ?? {},
    );
    const row = await imported(id);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${sheet === 'parts' ? '' : 'vehicles-'}to-fix-${stem(row.fileName)}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(errorsCsv(db, id, sheet));
  });

  app.post(routePath(endpoints.staffApplyImport), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const body = parseOr400(ApplyImportBody, request.body ?? {});
    const row = await imported(id);
    if (row.status !== 'previewed')
      throw new AppError(
        409,
        'IMPORT_NOT_PREVIEWED',
        row.status === 'reading'
          ? 'The file is still being read: wait for the preview.'
          : `This import is ${row.status}: it cannot be applied.`,
      );
    const errors = row.counts.errors ?? 0;
    if (errors > 0 && !body.validOnly)
      throw new AppError(
        409,
        'IMPORT_HAS_ERRORS',
        `${errors.toLocaleString('en-US')} ${errors === 1 ? 'row has' : 'rows have'} errors: fix ${errors === 1 ? 'it' : 'them'} and upload the file again, or apply the valid rows only.`,
      );
    let claimed;
    try {
      claimed = await moveImport(db, id, ['previewed'], 'applying', {
        validOnly: body.validOnly,
        leaseUntil: new Date(Date.now() + 120_000),
        progress: {
          ...row.progress,
          phase: 'writing',
          written: 0,
          toWrite: (row.counts.new ?? 0) + (row.counts.changed ?? 0),
        },
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw anotherApplying();
      throw err;
    }
    // Another request claimed it first (a double click): one apply.
    if (!claimed)
      throw new AppError(409, 'IMPORT_NOT_PREVIEWED', 'This import is already being applied.');
    void runApply(
      {
        db,
        log: request.log,
        onCatalogChange: options.onCatalogChange,
        ...(options.betweenSteps ? { betweenSteps: options.betweenSteps } : {}),
        ...(options.afterVehicles ? { afterVehicles: options.afterVehicles } : {}),
        ...(options.catalogWhileHeld ? { catalogWhileHeld: options.catalogWhileHeld } : {}),
        ...(options.vacuum ? { vacuum: options.vacuum } : {}),
      },
      claimed,
      { userId: caller.sub, email: caller.email },
    );
    return reply.status(202).send(summaryOf(claimed));
  });

  app.post(routePath(endpoints.staffDiscardImport), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    await imported(id);
    const row = await moveImport(db, id, ['previewed', 'failed'], 'discarded');
    if (!row) throw new AppError(409, 'IMPORT_NOT_PREVIEWED', 'Only a preview can be discarded.');
    await dropStagedRows(db, id);
    options.vacuum?.mark(...STAGING_TABLES);
    return summaryOf(row);
  });

  app.get(routePath(endpoints.staffCatalogExport), async (request, reply) => {
    await guards.requireAdmin(request);
    const query = parseOr400(CatalogExportQuery, request.query ?? {});
    const filters = {
      q: query.q || undefined,
      stock: query.stock,
      show: query.show,
      lowStockFactor: options.lowStockFactor,
    };
    const day = new Date().toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (query.format === 'xlsx')
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="catalog-${day}.xlsx"`)
        .send(exportXlsx(db, filters));
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${query.file === 'parts' ? 'catalog' : 'vehicles'}-${day}.csv"`,
      )
      .send(exportCsv(db, filters, query.file));
  });

  app.get(routePath(endpoints.staffCatalogTemplate), async (request, reply) => {
    await guards.requireAdmin(request);
    const { format } = parseOr400(TemplateQuery, request.query ?? {});
    if (format === 'csv')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalog-template.csv"')
        .send(templateCsv());
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="catalog-template.xlsx"')
      .send(templateXlsx());
  });
};

const stem = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 60);
