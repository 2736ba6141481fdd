import fs from 'node:fs/promises';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { IMAGE_WIDTHS, uploadedName } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { returnPhotos } from './returns.tables.js';

/**
 * Return photos are erased with their buyer's account (decision 065): the erasure's transaction
 * deletes the rows and queues this job with the files' names, so the files go once the erasure is
 * committed (a rolled-back erasure leaves them), and a failed removal is retried by the outbox.
 */
export const RETURN_PHOTOS_ERASE_JOB = 'return-photos-erase';

export type ReturnPhotosErasePayload = { files: string[] };

/** `HASH-640.webp` → `HASH` (the uploads module names every width of a picture by its hash). */
const hashOf = (file: string) => /^([0-9a-f]+)-\d+\.webp$/.exec(path.basename(file))?.[1];

export function registerReturnPhotoJobs(
  outbox: Pick<OutboxWorker, 'handle'>,
  db: DbOrTx,
  dir: string,
): void {
  outbox.handle(RETURN_PHOTOS_ERASE_JOB, async (payload) => {
    const { files } = payload as ReturnPhotosErasePayload;
    const hashes = new Set(files.map(hashOf).filter((h): h is string => Boolean(h)));
    for (const hash of hashes) {
      // A picture is stored once by its bytes: the same photo sent by someone else stays.
      const [kept] = await db
        .select({ id: returnPhotos.id })
        .from(returnPhotos)
        .where(like(returnPhotos.file, `${escapeLike(hash)}-%`))
        .limit(1);
      if (kept) continue;
      for (const width of IMAGE_WIDTHS)
        await fs.rm(path.join(dir, uploadedName(hash, width)), { force: true });
    }
  });
}
