import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { endpoints, routePath, VcdbParams } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { csvFile } from '../catalog-import/export.js';
import { receiveFiles } from '../catalog-import/receive-files.js';
import {
  applyRelease,
  discardRelease,
  findRelease,
  listReleases,
  releaseNotFound,
  releaseSummary,
  remapItems,
  stageRelease,
  versionDateFrom,
  type VcdbFiles,
} from './vcdb.service.js';

const VCDB_FIELDS = ['baseVehicle', 'make', 'model', 'position', 'version'] as const;

/** The VCdb releases in the staff console (decision 067): upload to preview, apply, discard. */
export function vcdbRoutes(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; dir: string; maxBytes: number; onCatalogChange: () => void },
): void {
  const { db, guards } = options;

  app.post(routePath(endpoints.staffUploadVcdb), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const folder = path.join(options.dir, randomUUID());
    await fs.mkdir(folder, { recursive: true });
    try {
      // The date travels as a yes/no-free text field: read it from the raw parts.
      const received = await receiveFiles(request, {
        folder,
        fields: VCDB_FIELDS,
        flags: [],
        maxBytes: options.maxBytes,
        onlyOneEach:
          'Send at most one file in each of "baseVehicle", "make", "model", "position" and "version"',
        texts: ['versionDate'],
      });
      const { files } = received;
      if (!files.baseVehicle || !files.make || !files.model)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Send the BaseVehicle, Make and Model tables',
          {
            ...(files.baseVehicle ? {} : { baseVehicle: 'Choose the BaseVehicle table' }),
            ...(files.make ? {} : { make: 'Choose the Make table' }),
            ...(files.model ? {} : { model: 'Choose the Model table' }),
          },
        );
      const versionDate = await versionDateFrom(files, received.texts.versionDate);
      const row = await stageRelease(db, files as VcdbFiles, versionDate, caller.email);
      return reply.status(201).send(releaseSummary(row));
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  app.get(routePath(endpoints.staffVcdbReleases), async (request) => {
    await guards.requireAdmin(request);
    return (await listReleases(db)).map(releaseSummary);
  });

  const release = async (id: string) => {
    const row = await findRelease(db, id);
    if (!row) throw releaseNotFound();
    return row;
  };

  app.get(routePath(endpoints.staffVcdbRelease), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    const row = await release(id);
    const remap = [];
    if (row.status === 'previewed' || row.status === 'current')
      for await (const item of remapItems(db, id, 100)) remap.push(item);
    return { ...releaseSummary(row), remap };
  });

  app.get(routePath(endpoints.staffVcdbRemapFile), async (request, reply) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    const row = await release(id);
    async function* rows(): AsyncGenerator<string[]> {
      if (row.status !== 'previewed' && row.status !== 'current') return;
      for await (const item of remapItems(db, id))
        yield [
          item.partNumber,
          String(item.baseVehicleId),
          item.before,
          item.after ?? '',
          item.after === null ? 'No longer in the VCdb' : 'Names another vehicle',
        ];
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="vcdb-${row.versionDate}-remap.csv"`)
      .header('cache-control', 'no-store')
      .send(
        csvFile(
          ['Part number', 'Base vehicle id', 'Vehicle before', 'Vehicle after', 'What'],
          rows(),
        ),
      );
  });

  app.post(routePath(endpoints.staffApplyVcdb), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    const { row, moved } = await applyRelease(db, id, { userId: caller.sub, email: caller.email });
    if (moved > 0) options.onCatalogChange();
    return releaseSummary(row);
  });

  app.post(routePath(endpoints.staffDiscardVcdb), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    return releaseSummary(await discardRelease(db, id));
  });
}
