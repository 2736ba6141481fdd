import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, IMAGE_FIELD, routePath, type UploadedImage } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { storeImage } from './images.js';

export type UploadRoutesOptions = { db: Db; guards: Guards; dir: string; maxBytes: number };

const STORED_NAME = /^[a-f0-9]{20}-\d{2,4}\.webp$/;
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Staff upload part pictures; anyone may fetch the stored sizes, cached for a year. */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (
  app,
  { db, guards, dir, maxBytes },
) => {
  // Only this plugin's routes read multipart bodies; every other route still refuses them.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });

  app.post(routePath(endpoints.staffUploadImage), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    if (!request.isMultipart())
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the picture as multipart/form-data in the field "${IMAGE_FIELD}"`,
      );
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== IMAGE_FIELD)
        throw new AppError(400, 'VALIDATION_FAILED', 'Choose a picture to upload', {
          [IMAGE_FIELD]: 'Choose a picture to upload',
        });
      bytes = await file.toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(
          413,
          'IMAGE_TOO_LARGE',
          `The picture must be at most ${megabytes(maxBytes)}`,
        );
      // Malformed multipart, too many parts, a field where the file should be: the sender's fault.
      throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read: send one picture');
    }
    const image = await storeImage(bytes, dir);
    await recordAudit(
      db,
      { userId: caller.sub, email: caller.email },
      {
        action: 'image.upload',
        targetType: 'image',
        targetId: image.url,
        summary: `Uploaded a picture (${image.width}×${image.height}, ${megabytes(bytes.length)})`,
      },
    );
    return reply.code(201).send(image satisfies UploadedImage);
  });

  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const name = request.params.file;
    if (!STORED_NAME.test(name)) throw notFound('Picture');
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound('Picture');
    return (
      reply
        .type('image/webp')
        .header('content-length', stat.size)
        // A name is a hash of the content: it never changes, so it never needs asking again.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file))
    );
  });
};
