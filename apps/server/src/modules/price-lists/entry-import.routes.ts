import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import {
  ApplyPriceListImportBody,
  endpoints,
  PriceListExportQuery,
  PriceListImportParams,
  PriceListParams,
  routePath,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { receiveFiles } from '../catalog-import/receive-files.js';
import { inspectSpreadsheet } from '../catalog-import/sheets.js';
import type { Guards } from '../auth/guards.js';
import { changeList } from './audited.js';
import { exportEntriesCsv, exportEntriesXlsx } from './entry-export.js';
import { readEntryFile } from './entry-file.js';
import {
  claimEntryImport,
  discardEntryImport,
  entryImportNotFound,
  findEntryImport,
  markEntryImport,
  previewEntries,
  toImportView,
} from './entry-import.service.js';
import { writeEntries } from './entries.service.js';
import { findPriceList } from './price-lists.service.js';

export type PriceListImportRoutesOptions = {
  db: Db;
  guards: Guards;
  /** Where an uploaded file waits while it is read (DATA_DIR/imports). */
  dir: string;
  maxBytes: number;
};

/**
 * A list's fixed prices through the catalog import's flow (decision 062): upload to a preview
 * (nothing written), apply it or discard it; export in the same format. Admins only, checked
 * before the upload is read. A list has at most 20,000 rows a file, so the preview is the
 * upload's answer rather than a background job.
 */
export const priceListImportRoutes: FastifyPluginAsync<PriceListImportRoutesOptions> = async (
  app,
  { db, guards, dir, maxBytes },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 1,
      parts: 2,
      fieldNameSize: 50,
      fieldSize: 100,
    },
  });

  const listOr404 = async (id: string) => {
    const list = await findPriceList(db, id);
    if (!list) throw notFound('Price list');
    return list;
  };

  app.post(routePath(endpoints.staffStartPriceListImport), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const { id } = parseOr400(PriceListParams, request.params);
    await listOr404(id);
    const folder = path.join(dir, randomUUID());
    await fs.mkdir(folder, { recursive: true });
    try {
      const received = await receiveFiles(request, {
        folder,
        fields: ['entries'],
        flags: ['replaceAll'],
        maxBytes,
        onlyOneEach: 'Send one file, in the field "entries"',
      });
      const uploaded = received.files.entries;
      if (!uploaded)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Choose the file of fixed prices (CSV or XLSX)',
          {
            entries: 'Choose the file of fixed prices (CSV or XLSX)',
          },
        );
      const notes: string[] = [];
      const file = await inspectSpreadsheet(uploaded, notes);
      const rows = await readEntryFile(file, notes);
      const saved = await previewEntries(db, {
        listId: id,
        fileName: uploaded.name,
        replaceAll: received.flags.replaceAll === true,
        rows,
        notes,
        createdByEmail: caller.email,
      });
      return reply.status(201).send(toImportView(saved));
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  app.get(routePath(endpoints.staffPriceListImport), async (request) => {
    await guards.requireAdmin(request);
    const { id, importId } = parseOr400(PriceListImportParams, request.params);
    const row = await findEntryImport(db, id, importId);
    if (!row) throw entryImportNotFound();
    return toImportView(row);
  });

  app.post(routePath(endpoints.staffApplyPriceListImport), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id, importId } = parseOr400(PriceListImportParams, request.params);
    const body = parseOr400(ApplyPriceListImportBody, request.body ?? {});
    return changeList(db, caller, id, 'price-list.import', async (tx, list) => {
      const claimed = await claimEntryImport(tx, id, importId, body.validOnly);
      const outcome = await writeEntries(
        tx,
        list.id,
        claimed.rows.map(([partId, minQuantity, unitCents]) => ({
          partId,
          minQuantity,
          unitCents,
        })),
        claimed.replaceAll,
      );
      const applied = await markEntryImport(tx, claimed.id, 'applied');
      return {
        value: toImportView(applied),
        summary:
          `Imported the fixed prices of "${list.name}" from ${claimed.fileName}: ` +
          `${outcome.added} added, ${outcome.changed} changed, ${outcome.removed} removed`,
        details: { importId: claimed.id, ...outcome, validOnly: body.validOnly },
      };
    });
  });

  app.post(routePath(endpoints.staffDiscardPriceListImport), async (request) => {
    await guards.requireAdmin(request);
    const { id, importId } = parseOr400(PriceListImportParams, request.params);
    return toImportView(await discardEntryImport(db, id, importId));
  });

  app.get(routePath(endpoints.staffExportPriceList), async (request, reply) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(PriceListParams, request.params);
    const { format } = parseOr400(PriceListExportQuery, request.query ?? {});
    const list = await listOr404(id);
    const stem =
      list.name
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'price-list';
    reply.header('cache-control', 'no-store');
    if (format === 'xlsx')
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${stem}-fixed-prices.xlsx"`)
        .send(exportEntriesXlsx(db, id));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${stem}-fixed-prices.csv"`)
      .send(exportEntriesCsv(db, id));
  });
};
