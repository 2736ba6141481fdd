import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { displayName, megabytes } from './sheets.js';

export type ReceivedFiles<F extends string> = {
  files: Partial<Record<F, { path: string; name: string }>>;
  /** Each yes/no field named in `flags`: true for "true", "on", "1" or "yes". */
  flags: Record<string, boolean>;
  /** Each short text field named in `texts`, as sent (a VCdb release's version date). */
  texts: Record<string, string>;
  /** SHA-256 of every file's bytes, in the order sent. */
  checksum: string;
};

/**
 * A multipart upload's files written into `folder` (each under its field's name) and its yes/no
 * fields, streamed with a checksum. An unknown field, a file sent twice or in an unknown field is
 * a 400; a file over the limit a 413 naming it. The caller removes `folder` (on error too).
 */
export async function receiveFiles<F extends string>(
  request: FastifyRequest,
  options: {
    folder: string;
    fields: readonly F[];
    flags: readonly string[];
    maxBytes: number;
    /** Short text fields the upload may carry besides its files and flags. */
    texts?: readonly string[];
    /** The refusal of an unknown or repeated file field. */
    onlyOneEach: string;
  },
): Promise<ReceivedFiles<F>> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the files as multipart/form-data: ${options.fields.map((f) => `"${f}"`).join(', ')}`,
    );
  const files: Partial<Record<F, { path: string; name: string }>> = {};
  const flags: Record<string, boolean> = Object.fromEntries(options.flags.map((f) => [f, false]));
  const texts: Record<string, string> = {};
  const hash = createHash('sha256');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (options.texts?.includes(part.fieldname)) {
          texts[part.fieldname] = String(part.value);
          continue;
        }
        if (!options.flags.includes(part.fieldname))
          throw new AppError(400, 'BAD_UPLOAD', `Unknown field "${displayName(part.fieldname)}"`);
        flags[part.fieldname] = ['true', 'on', '1', 'yes'].includes(
          String(part.value).toLowerCase(),
        );
        continue;
      }
      const field = part.fieldname as F;
      if (!options.fields.includes(field) || files[field])
        throw new AppError(400, 'BAD_UPLOAD', options.onlyOneEach);
      const target = path.join(options.folder, field);
      await pipeline(
        part.file,
        new Transform({
          transform(chunk: Buffer, _e, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        }),
        createWriteStream(target),
      );
      if (part.file.truncated)
        throw new AppError(
          413,
          'FILE_TOO_LARGE',
          `${displayName(part.filename)} is over ${megabytes(options.maxBytes)} (IMPORT_MAX_MB): split it, or ask the operator to raise the limit`,
        );
      files[field] = { path: target, name: displayName(part.filename) };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FILE_TOO_LARGE', `A file is over ${megabytes(options.maxBytes)}`);
    throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read: send the files again');
  }
  return { files, flags, texts, checksum: hash.digest('hex') };
}
