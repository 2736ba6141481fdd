import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CERTIFICATE_FIELD,
  CompanyParams,
  endpoints,
  MAX_CERTIFICATE_BYTES,
  routePath,
  utcToday,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { EVERY_ROLE, findCompany, requireRole } from '../companies/companies.service.js';
import {
  attachCertificate,
  removeCertificateFiles,
  storeCertificate,
  sweepCertificateFiles,
} from './certificate-files.js';
import { findTaxStatusRow, toStatusResponse } from './tax.service.js';

export type TaxCertificateRoutesOptions = { db: Db; guards: Guards; dir: string };

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * An exempt company's certificate file (decision 066): uploaded by staff or the company's owner,
 * read by its members and staff; anyone else gets 404, before any body is read (decision 007).
 */
export const taxCertificateRoutes: FastifyPluginAsyncZod<TaxCertificateRoutesOptions> = async (
  app,
  { db, guards, dir },
) => {
  // Only this plugin's routes read multipart bodies; every other route still refuses them.
  await app.register(multipart, {
    limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });

  app.post(
    routePath(endpoints.uploadTaxCertificate),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id } = request.params;
      const staff = await guards.isAdmin(caller);
      if (!staff) await requireRole(db, id, caller, ['owner']);
      const company = await findCompany(db, id);
      if (!company) throw notFound('Company');
      if (!request.isMultipart())
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the certificate as multipart/form-data in the field "${CERTIFICATE_FIELD}"`,
        );
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== CERTIFICATE_FIELD)
          throw new AppError(400, 'VALIDATION_FAILED', 'Choose the certificate to upload', {
            [CERTIFICATE_FIELD]: 'Choose the certificate to upload',
          });
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            413,
            'CERTIFICATE_TOO_LARGE',
            `The certificate must be at most ${megabytes(MAX_CERTIFICATE_BYTES)}`,
          );
        throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read: send one file');
      }
      const stored = await storeCertificate(bytes, dir);
      let attached;
      try {
        attached = await db.transaction(async (tx) => {
          const done = await attachCertificate(tx, id, stored);
          await recordAudit(
            tx,
            { userId: caller.sub, email: caller.email },
            {
              action: 'company.tax-certificate',
              targetType: 'company',
              targetId: id,
              summary: `Uploaded ${company.name}'s exemption certificate (${stored.contentType}, ${megabytes(bytes.length)})`,
            },
          );
          return done;
        });
      } catch (err) {
        await removeCertificateFiles(dir, [stored.file]);
        throw err;
      }
      await removeCertificateFiles(dir, [attached.replaced]);
      // Files of companies deleted since (their statuses went with them) go too.
      await sweepCertificateFiles(db, dir);
      return toStatusResponse(attached.row, utcToday());
    },
  );

  app.get(
    routePath(endpoints.getTaxCertificate),
    { schema: { params: CompanyParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const { id } = request.params;
      if (!(await guards.isAdmin(caller))) await requireRole(db, id, caller, EVERY_ROLE);
      const row = await findTaxStatusRow(db, id);
      if (row?.kind !== 'exempt' || !row.certificateUpload) throw notFound('Certificate');
      const file = path.join(dir, path.basename(row.certificateUpload));
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw notFound('Certificate');
      const extension = path.extname(row.certificateUpload);
      return reply
        .type(row.certificateContentType ?? 'application/octet-stream')
        .header('content-length', stat.size)
        .header('content-disposition', `attachment; filename="tax-certificate${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
};
