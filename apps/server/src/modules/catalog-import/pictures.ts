import { sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.js';
import { partsRelation } from '../parts/stock.service.js';
import { storeImage } from '../uploads/images.js';
import { catalogImportParts as staged } from './import.tables.js';
import { IMPORT_LIMITS } from './limits.js';
import type { ImportFile, PreviewDeps } from './preview.js';
import { walkZip } from './zip-guard.js';

/** `IC-1002.jpg` is part IC-1002's picture; `IC-1002-2.webp` its second. */
const PICTURE = /^(?:.*\/)?([A-Za-z0-9][A-Za-z0-9-]*?)(?:-(\d{1,2}))?\.(jpe?g|png|webp)$/i;

/**
 * The pictures ZIP: each picture named by a part number goes through the upload pipeline (type
 * proved from the bytes, sizes capped, stored as WebP in every width) and becomes that part's
 * picture in the preview; a part of the catalog not in the parts file gets a row of its own.
 * Resolves how many pictures were taken; what was not taken is said in `notes`.
 */
export async function attachPictures(
  deps: PreviewDeps,
  importId: string,
  file: ImportFile,
  notes: string[],
): Promise<number> {
  const pictures = new Map<string, string>();
  const skipped: string[] = [];
  await walkZip(file.path, IMPORT_LIMITS.zip, (entry) => {
    if (entry.fileName.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(entry.fileName))
      return undefined;
    const match = PICTURE.exec(entry.fileName);
    if (!match) {
      skipped.push(`${entry.fileName}: not named like a picture of a part (IC-1002.jpg)`);
      return undefined;
    }
    if (match[2] && match[2] !== '1') {
      skipped.push(`${entry.fileName}: a part shows one picture; only its first is taken`);
      return undefined;
    }
    const part = match[1]!.toUpperCase();
    if (pictures.has(part)) {
      skipped.push(`${entry.fileName}: ${part} already has a picture in the archive`);
      return undefined;
    }
    // One picture in memory at a time: stored as soon as it is read.
    const bytes: Buffer[] = [];
    let size = 0;
    return {
      feed(chunk) {
        size += chunk.length;
        if (size > IMPORT_LIMITS.maxPictureBytes)
          throw new AppError(
            400,
            'UNREADABLE_FILE',
            `${entry.fileName} in the pictures ZIP is over ${IMPORT_LIMITS.maxPictureBytes / 1_048_576} MB.`,
          );
        bytes.push(chunk);
      },
      async end() {
        try {
          const stored = await storeImage(Buffer.concat(bytes), deps.uploadsDir);
          pictures.set(part, stored.url);
        } catch (err) {
          skipped.push(
            `${entry.fileName}: ${err instanceof AppError ? err.message : 'not a usable picture'}`,
          );
        }
      },
    };
  });
  if (pictures.size > 0) {
    const parts = [...pictures.keys()];
    const urls = [...pictures.values()];
    const { db } = deps;
    // Parts in the file take their picture; parts only in the catalog get a row of their own.
    await db.execute(sql`
      update ${staged} s set image_url = u.url
        from unnest(${sql.param(parts)}::text[], ${sql.param(urls)}::text[]) as u(sku_key, url)
       where s.import_id = ${importId} and s.sku_key = u.sku_key`);
    const added = await db.execute(sql`
      insert into ${staged} (import_id, row_no, sku, sku_key, image_url)
      select ${importId}::uuid, -(10000000 + u.n), p.sku, u.sku_key, u.url
        from unnest(${sql.param(parts)}::text[], ${sql.param(urls)}::text[])
               with ordinality as u(sku_key, url, n)
        join ${partsRelation} p on upper(p.sku) = u.sku_key
       where not exists (select 1 from ${staged} s where s.import_id = ${importId} and s.sku_key = u.sku_key)
      returning sku_key`);
    const known = new Set([
      ...((added as unknown as { rows: { sku_key: string }[] }).rows ?? []).map((r) => r.sku_key),
      ...(
        (await db.execute(sql`
            select sku_key from ${staged}
             where import_id = ${importId} and sku_key = any(${sql.param(parts)}::text[])`)) as unknown as {
          rows: { sku_key: string }[];
        }
      ).rows.map((r) => r.sku_key),
    ]);
    for (const part of parts)
      if (!known.has(part)) {
        skipped.push(`${part}: no part has this number, in the file or the catalog`);
        pictures.delete(part);
      }
  }
  if (skipped.length > 0)
    notes.push(
      `Pictures not taken: ${skipped.slice(0, 20).join('; ')}${skipped.length > 20 ? `; and ${skipped.length - 20} more` : ''}.`,
    );
  return pictures.size;
}
