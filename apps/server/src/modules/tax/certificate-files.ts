import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { sniffImageType } from '../uploads/images.js';
import { companyTaxStatuses, type CompanyTaxStatusRow } from './tax.tables.js';

/*
 * An exempt company's certificate file (decision 066): kept under the uploads folder (so every
 * backup holds it and a restore brings it back) in `tax-certificates/`, which the public
 * `/uploads/{file}` route never serves (it serves top-level picture names only). Served only to
 * the company's members and staff. The bytes are kept as sent: a certificate must stay legible.
 */

export const CERTIFICATE_FOLDER = 'tax-certificates';
export const certificateDir = (uploadsDir: string) => path.join(uploadsDir, CERTIFICATE_FOLDER);

const TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
const EXTENSIONS = { pdf: 'pdf', jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
type Kind = keyof typeof TYPES;

/** What the file's first bytes prove it is, whatever its name or Content-Type said. */
export function sniffCertificate(bytes: Buffer): Kind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return sniffImageType(bytes);
}

/** A stored name (the table's check allows these only): never a path. */
const STORED = /^[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/;

/** Writes the file under a fresh name (temporary name, then renamed) and answers its name. */
export async function storeCertificate(
  bytes: Buffer,
  dir: string,
): Promise<{ file: string; contentType: string }> {
  const kind = sniffCertificate(bytes);
  if (!kind)
    throw new AppError(
      415,
      'UNSUPPORTED_CERTIFICATE',
      'The certificate must be a PDF or a JPEG, PNG or WebP picture',
    );
  await fs.mkdir(dir, { recursive: true });
  const file = `${randomUUID()}.${EXTENSIONS[kind]}`;
  const partial = path.join(dir, `.${file}.part`);
  await fs.writeFile(partial, bytes, { mode: 0o600 });
  await fs.rename(partial, path.join(dir, file));
  return { file, contentType: TYPES[kind] };
}

/** Removes stored files by name (a name that is not one of ours is left alone). */
export async function removeCertificateFiles(
  dir: string,
  names: readonly (string | null | undefined)[],
): Promise<void> {
  for (const name of names)
    if (name && STORED.test(name)) await fs.rm(path.join(dir, name), { force: true });
}

/**
 * Records an uploaded file on an exempt company's status (clearing its verification: staff look
 * at the new file) and answers the row and the file it replaced; 409 when the company is not
 * exempt, so a file never hangs on a status that cannot name it.
 */
export async function attachCertificate(
  tx: DbOrTx,
  companyId: string,
  stored: { file: string; contentType: string },
): Promise<{ row: CompanyTaxStatusRow; replaced: string | null }> {
  const [before] = await tx
    .select({ file: companyTaxStatuses.certificateUpload })
    .from(companyTaxStatuses)
    .where(and(eq(companyTaxStatuses.companyId, companyId), eq(companyTaxStatuses.kind, 'exempt')))
    .for('update');
  if (!before)
    throw new AppError(
      409,
      'NOT_EXEMPT',
      'Only an exempt company has a certificate: staff set the exemption first',
    );
  const now = new Date();
  const [row] = await tx
    .update(companyTaxStatuses)
    .set({
      certificateUpload: stored.file,
      certificateContentType: stored.contentType,
      certificateUploadedAt: now,
      verifiedAt: null,
      verifiedBy: null,
      updatedAt: now,
    })
    .where(eq(companyTaxStatuses.companyId, companyId))
    .returning();
  return { row: row!, replaced: before.file };
}

/**
 * Removes every stored certificate no status names any more (a company deleted, whose status
 * went with it), older than `graceMs` so an upload between its write and its row is left alone.
 */
export async function sweepCertificateFiles(
  db: DbOrTx,
  dir: string,
  graceMs = 60_000,
): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const named = new Set(
    (
      await db
        .select({ file: companyTaxStatuses.certificateUpload })
        .from(companyTaxStatuses)
        .where(isNotNull(companyTaxStatuses.certificateUpload))
    ).map((r) => r.file),
  );
  let removed = 0;
  for (const name of names) {
    if (named.has(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || Date.now() - stat.mtimeMs < graceMs) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
