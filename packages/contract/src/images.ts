import { z } from 'zod';

/** The widths every uploaded picture is stored in, for `srcset`. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** The upload form's field, and the types the server takes (checked from the bytes). */
export const IMAGE_FIELD = 'image';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UploadedImage = z.object({
  /** The middle width: what a part's image URL holds. */
  url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

const UPLOADED = /^\/uploads\/([a-f0-9]{20})-\d+\.webp$/;

/**
 * The `srcset` of a picture uploaded here, from its URL (`/uploads/{hash}-{width}.webp`); null for
 * any other URL, which is shown as it is.
 */
export function srcsetFor(url: string): string | null {
  const match = UPLOADED.exec(url);
  if (!match) return null;
  return IMAGE_WIDTHS.map((w) => `/uploads/${match[1]}-${w}.webp ${w}w`).join(', ');
}

/** The stored file name for a picture's hash and width. */
export const uploadedName = (hash: string, width: number) => `${hash}-${width}.webp`;
