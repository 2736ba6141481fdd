/**
 * What one import reads at most. Far above a manufacturer's catalog (100,000 parts with 400,000
 * vehicles), low enough that a hostile file is refused before it costs memory or hours.
 */
export const IMPORT_LIMITS = {
  /** Rows of the parts file. */
  maxPartRows: 250_000,
  /** Rows of the fitment file. */
  maxFitmentRows: 2_000_000,
  /** Lines of a CSV file (quoted line breaks included), checked before it is read. */
  maxLines: 3_000_000,
  /** Characters in one cell (the longest field, a description, takes 5,000). */
  maxCellChars: 32_768,
  /** An XLSX workbook or the pictures ZIP, unpacked. */
  zip: { maxEntries: 20_000, maxTotalBytes: 1_024 * 1_048_576, maxEntryBytes: 768 * 1_048_576 },
  /** One picture in the pictures ZIP. */
  maxPictureBytes: 20 * 1_048_576,
} as const;
