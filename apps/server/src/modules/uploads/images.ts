import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, srcsetFor, uploadedName, type UploadedImage } from '@storefront/contract';
import { AppError } from '../../http/errors.js';

/** The type a file's first bytes prove, whatever name or Content-Type it came with. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Far beyond any product photo; a small file claiming more is a decompression bomb. */
const MAX_PIXELS = 40_000_000;

const notAPicture = () =>
  new AppError(415, 'UNSUPPORTED_IMAGE', 'The file must be a JPEG, PNG or WebP picture');

/**
 * Checks a picture and stores it as WebP in every width of IMAGE_WIDTHS (never enlarged), named
 * by a hash of its bytes: the same picture uploaded twice is one set of files, and a name never
 * changes content, so it can be cached for a year.
 */
export async function storeImage(bytes: Buffer, dir: string): Promise<UploadedImage> {
  if (!sniffImageType(bytes)) throw notAPicture();
  // The header alone (nothing decoded yet), so a bomb is measured before it can go off.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notAPicture();
    });
  if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
    throw notAPicture();
  if (meta.width * meta.height > MAX_PIXELS)
    throw new AppError(
      400,
      'IMAGE_TOO_LARGE',
      'The picture has too many pixels (40 megapixels at most)',
    );
  if (Math.min(meta.width, meta.height) < 100)
    throw new AppError(400, 'IMAGE_TOO_SMALL', 'The picture must be at least 100 pixels each way');

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  await fs.mkdir(dir, { recursive: true });
  let size = { width: 0, height: 0 };
  for (const width of IMAGE_WIDTHS) {
    const target = path.join(dir, uploadedName(hash, width));
    // Written under a temporary name, then renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.part`;
    const info = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      // Turned upright by its EXIF orientation; the metadata (GPS included) is not kept.
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(partial)
      .catch(async () => {
        await fs.rm(partial, { force: true });
        throw notAPicture();
      });
    await fs.rename(partial, target);
    if (width === IMAGE_WIDTHS[1]) size = { width: info.width, height: info.height };
  }
  const url = `/uploads/${uploadedName(hash, IMAGE_WIDTHS[1])}`;
  return { url, srcset: srcsetFor(url) ?? '', ...size };
}
