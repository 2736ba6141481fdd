import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import { partsRelation } from '../parts/stock.service.js';
import { storeImage } from '../uploads/images.js';
import { catalogImportParts as staged } from './import.tables.js';
import { IMPORT_LIMITS } from './limits.js';
import type { ImportFile, PreviewDeps } from './preview.js';
import { walkZip } from './zip-guard.js';

/** A picture file: its name without folders or extension, upper-case. */
const PICTURE = /^(?:.*\/)?([A-Za-z0-9][A-Za-z0-9-]*)\.(jpe?g|png|webp)$/i;

type Stored = { file: string; stem: string; url: string };

/**
 * The pictures ZIP: each picture goes through the upload pipeline (type proved from the bytes,
 * sizes capped, stored as WebP in every width) as it is read, then is given to the part it names.
 * `IC-1002.jpg` is part IC-1002's; `IC-1002-2.webp` the second picture of IC-1002 unless a part is
 * numbered IC-1002-2 (part numbers end in digits too, so the name is tried whole first). A part
 * shows one picture: a second is reported. A part of the catalog not in the parts file gets a row
 * of its own. Resolves how many pictures were taken; what was not is said in `notes`.
 */
export async function attachPictures(
  deps: PreviewDeps,
  importId: string,
  file: ImportFile,
  notes: string[],
): Promise<number> {
  const { db } = deps;
  const stored: Stored[] = [];
  const skipped: string[] = [];
  await walkZip(file.path, IMPORT_LIMITS.zip, (entry) => {
    if (entry.fileName.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(entry.fileName))
      return undefined;
    const match = PICTURE.exec(entry.fileName);
    if (!match) {
      skipped.push(`${entry.fileName}: not named like a picture of a part (IC-1002.jpg)`);
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
          const picture = await storeImage(Buffer.concat(bytes), deps.uploadsDir);
          stored.push({ file: entry.fileName, stem: match[1]!.toUpperCase(), url: picture.url });
        } catch (err) {
          skipped.push(
            `${entry.fileName}: ${err instanceof AppError ? err.message : 'not a usable picture'}`,
          );
        }
      },
    };
  });

  // Which names are part numbers, in the file or the catalog.
  const candidates = [...new Set(stored.flatMap((p) => [p.stem, p.stem.replace(/-\d{1,2}$/, '')]))];
  const known = new Set(
    candidates.length === 0
      ? []
      : rowsOf(
          await db.execute(sql`
            select sku_key as sku from ${staged}
             where import_id = ${importId} and sku_key = any(${sql.param(candidates)}::text[])
            union
            select upper(sku) from ${partsRelation}
             where upper(sku) = any(${sql.param(candidates)}::text[])`),
        ).map((r) => String(r.sku)),
  );
  const pictures = new Map<string, string>();
  for (const p of stored) {
    const numbered = /^(.*)-(\d{1,2})$/.exec(p.stem);
    const part = known.has(p.stem)
      ? p.stem
      : numbered && known.has(numbered[1]!)
        ? numbered[1]!
        : null;
    if (!part)
      skipped.push(`${p.file}: no part has the number ${p.stem}, in the file or the catalog`);
    else if (part !== p.stem && numbered![2] !== '1')
      skipped.push(`${p.file}: a part shows one picture; only its first is taken`);
    else if (pictures.has(part))
      skipped.push(`${p.file}: ${part} already has a picture in the archive`);
    else pictures.set(part, p.url);
  }

  if (pictures.size > 0) {
    const parts = [...pictures.keys()];
    const urls = [...pictures.values()];
    // Parts in the file take their picture; parts only in the catalog get a row of their own.
    await db.execute(sql`
      update ${staged} s set image_url = u.url
        from unnest(${sql.param(parts)}::text[], ${sql.param(urls)}::text[]) as u(sku_key, url)
       where s.import_id = ${importId} and s.sku_key = u.sku_key`);
    await db.execute(sql`
      insert into ${staged} (import_id, row_no, sku, sku_key, image_url, part_id, stock_before)
      select ${importId}::uuid, -(10000000 + u.n), p.sku, u.sku_key, u.url, p.id, p.available_quantity
        from unnest(${sql.param(parts)}::text[], ${sql.param(urls)}::text[])
               with ordinality as u(sku_key, url, n)
        join ${partsRelation} p on upper(p.sku) = u.sku_key
       where not exists (select 1 from ${staged} s where s.import_id = ${importId} and s.sku_key = u.sku_key)`);
  }
  if (skipped.length > 0)
    notes.push(
      `Pictures not taken: ${skipped.slice(0, 20).join('; ')}${skipped.length > 20 ? `; and ${skipped.length - 20} more` : ''}.`,
    );
  return pictures.size;
}
