import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  endpoints,
  IMAGE_FIELD,
  ReturnParams,
  ReturnPhotoParams,
  routePath,
  type ReturnPhoto,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Guards } from '../auth/guards.js';
import type { Seller } from '../invoices/invoice.js';
import { storeImage } from '../uploads/images.js';
import { renderReturnSlip } from './return-slip.js';
import { findReturn, maySee, returnNotFound, returnView } from './returns.service.js';
import { returnPhotos } from './returns.tables.js';

export type ReturnFileRoutesOptions = {
  db: Db;
  guards: Guards;
  /** Where return photos are kept: never the public uploads folder. */
  dir: string;
  maxBytes: number;
  seller: Seller;
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * A return's files: the buyer's photos (uploaded through the uploads module's checks, kept out of
 * the public folder, served only to who may see the return) and the printable return slip.
 */
export const returnFileRoutes: FastifyPluginAsyncZod<ReturnFileRoutesOptions> = async (
  app,
  { db, guards, dir, maxBytes, seller },
) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });

  app.post(routePath(endpoints.uploadReturnPhoto), async (request, reply) => {
    const caller = await guards.requireUser(request);
    if (!request.isMultipart())
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the photo as multipart/form-data in the field "${IMAGE_FIELD}"`,
      );
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== IMAGE_FIELD)
        throw new AppError(400, 'VALIDATION_FAILED', 'Choose a photo to upload', {
          [IMAGE_FIELD]: 'Choose a photo to upload',
        });
      bytes = await file.toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(
          413,
          'IMAGE_TOO_LARGE',
          `The photo must be at most ${megabytes(maxBytes)}`,
        );
      throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read: send one photo');
    }
    const image = await storeImage(bytes, dir);
    const [row] = await db
      .insert(returnPhotos)
      .values({ userId: caller.sub, file: path.basename(image.url) })
      .returning();
    if (!row) throw new Error('the photo was not recorded');
    return reply
      .status(201)
      .send({ id: row.id, url: `/api/returns/photos/${row.id}` } satisfies ReturnPhoto);
  });

  app.get(
    routePath(endpoints.getReturnPhoto),
    { schema: { params: ReturnPhotoParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const [photo] = await db
        .select()
        .from(returnPhotos)
        .where(eq(returnPhotos.id, request.params.id))
        .limit(1);
      if (!photo) throw notFound('Photo');
      const ret = photo.returnId ? await findReturn(db, photo.returnId) : undefined;
      const allowed =
        (ret ? await maySee(db, caller, ret) : photo.userId === caller.sub) ||
        (await guards.isAdmin(caller));
      if (!allowed) throw notFound('Photo');
      const file = path.join(dir, path.basename(photo.file));
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw notFound('Photo');
      return reply
        .type('image/webp')
        .header('content-length', stat.size)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  app.get(
    routePath(endpoints.getReturnSlip),
    { schema: { params: ReturnParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const row = await findReturn(db, request.params.id);
      if (!row || !((await maySee(db, caller, row)) || (await guards.isAdmin(caller))))
        throw returnNotFound();
      const pdf = await renderReturnSlip(await returnView(db, row), seller);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="return-${row.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
