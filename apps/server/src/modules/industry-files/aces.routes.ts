import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, ImportParams, routePath, type AcesUnmappedItem } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { csvFile } from '../catalog-import/export.js';
import { createImportJob, findImport, importNotFound, summaryOf } from '../catalog-import/jobs.js';
import { runPreview } from '../catalog-import/preview.js';
import { receiveFiles } from '../catalog-import/receive-files.js';
import type { ImportFile } from '../catalog-import/sheets.js';
import { piesSheets } from './pies-import.js';
import { acesQuantityChanges, acesSheets, dropStaged } from './aces-import.js';
import { acesStagedApps, acesUnmapped, piesStagedItems } from './industry.tables.js';
import { loadVcdbIndex, type VcdbIndex } from './vcdb-index.js';
import { inspectXml } from './xml-stream.js';

const itemOf = (r: Record<string, unknown>): AcesUnmappedItem => ({
  reason: String(r.reason),
  appId: (r.app_id as string | null) ?? null,
  part: (r.part as string | null) ?? null,
  vehicle: (r.vehicle as string | null) ?? null,
  detail: (r.detail as string | null) ?? null,
});

/** ACES and PIES files through the catalog import's preview (decision 067), and what did not map. */
export function acesRoutes(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; dir: string; maxBytes: number; uploadsDir: string },
): void {
  const { db, guards } = options;

  /** Receives one XML file, checks its first bytes, and starts the catalog import's preview. */
  const startXml = async (
    request: FastifyRequest,
    field: 'aces' | 'pies',
    reader: (jobId: string, file: { path: string; name: string }) => ImportFile,
    prepare: (root: Record<string, string>, name: string) => Promise<void>,
  ) => {
    const caller = await guards.requireAdmin(request);
    const folder = path.join(options.dir, randomUUID());
    await fs.mkdir(folder, { recursive: true });
    try {
      const received = await receiveFiles(request, {
        folder,
        fields: [field],
        flags: [],
        maxBytes: options.maxBytes,
        onlyOneEach: `Send one ${field.toUpperCase()} file, in "${field}"`,
      });
      const file = received.files[field];
      if (!file)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `Choose the ${field.toUpperCase()} file (XML)`,
          {
            [field]: `Choose the ${field.toUpperCase()} file (XML)`,
          },
        );
      await prepare(await inspectXml(file, field.toUpperCase()), file.name);
      await pruneStaged(db);
      const job = await createImportJob(db, {
        fileName: file.name,
        fitmentFileName: null,
        picturesFileName: null,
        checksum: received.checksum,
        archiveMissing: false,
        createdBy: caller.sub,
        createdByEmail: caller.email,
        notes: [],
      });
      void runPreview(
        { db, log: request.log, uploadsDir: options.uploadsDir },
        job.id,
        { parts: reader(job.id, file) },
        { archiveMissing: false },
      ).finally(() => void fs.rm(folder, { recursive: true, force: true }));
      return summaryOf(job);
    } catch (err) {
      await fs.rm(folder, { recursive: true, force: true });
      throw err;
    }
  };

  app.post(routePath(endpoints.staffStartAcesImport), async (request, reply) => {
    let vcdb: VcdbIndex | null = null;
    const job = await startXml(
      request,
      'aces',
      (jobId, file) => ({
        ...file,
        format: 'xml',
        sheets: acesSheets(db, jobId, file, vcdb!),
        afterDiff: acesQuantityChanges,
      }),
      async (root, name) => {
        if (!/^4\.\d+$/.test(root.version ?? ''))
          throw new AppError(
            400,
            'UNREADABLE_FILE',
            `${name}: it is ACES version "${(root.version ?? '').slice(0, 10)}": this shop reads ACES 4.x. Nothing was changed.`,
          );
        vcdb = await loadVcdbIndex(db);
        if (!vcdb)
          throw new AppError(
            409,
            'VCDB_MISSING',
            'Upload the VCdb tables first: the ACES file names its vehicles by their VCdb ids.',
          );
      },
    );
    return reply.status(202).send(job);
  });

  app.post(routePath(endpoints.staffStartPiesImport), async (request, reply) => {
    const job = await startXml(
      request,
      'pies',
      (jobId, file) => ({ ...file, format: 'xml', sheets: piesSheets(db, jobId, file) }),
      async () => undefined,
    );
    return reply.status(202).send(job);
  });

  const imported = async (id: string) => {
    const row = await findImport(db, id);
    if (!row) throw importNotFound();
    return row;
  };

  app.get(routePath(endpoints.staffAcesUnmapped), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    await imported(id);
    const reasons = rowsOf(
      await db.execute(sql`
        select reason, count(*)::int as count from ${acesUnmapped} where import_id = ${id}
         group by reason order by count(*) desc, reason`),
    ).map((r) => ({ reason: String(r.reason), count: Number(r.count) }));
    const items = rowsOf(
      await db.execute(sql`
        select * from ${acesUnmapped} where import_id = ${id} order by seq limit 50`),
    ).map(itemOf);
    return { total: reasons.reduce((sum, r) => sum + r.count, 0), reasons, items };
  });

  app.get(routePath(endpoints.staffAcesUnmappedFile), async (request, reply) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(ImportParams, request.params);
    const row = await imported(id);
    async function* rows(): AsyncGenerator<string[]> {
      let after = 0;
      for (;;) {
        const page = rowsOf(
          await db.execute(sql`
            select * from ${acesUnmapped} where import_id = ${id} and seq > ${after}
             order by seq limit 2000`),
        );
        for (const r of page) {
          const item = itemOf(r);
          yield [
            item.reason,
            item.appId ?? '',
            item.part ?? '',
            item.vehicle ?? '',
            item.detail ?? '',
          ];
        }
        if (page.length < 2000) return;
        after = Number(page.at(-1)!.seq);
      }
    }
    const stem = row.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .slice(0, 60);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="not-mapped-${stem}.csv"`)
      .header('cache-control', 'no-store')
      .send(csvFile(['Reason', 'App id', 'Part number', 'Vehicle', 'Detail'], rows()));
  });
}

/** Staged applications of imports that ended without an apply (discarded, failed). */
async function pruneStaged(db: Db): Promise<void> {
  const ids = rowsOf(await db.execute(sql`select distinct import_id from ${acesStagedApps}`)).map(
    (r) => String(r.import_id),
  );
  for (const id of ids) {
    const job = await findImport(db, id);
    if (!job || ['discarded', 'failed', 'applied'].includes(job.status)) {
      await dropStaged(db, id);
      await db.execute(sql`delete from ${piesStagedItems} where import_id = ${id}`);
    }
  }
}
