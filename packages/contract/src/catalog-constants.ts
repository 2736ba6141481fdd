/*
 * The catalog's plain constants and helpers, without zod: the navbar's search box and the home
 * page need them, and importing them must not bring the schema library into every page's script.
 */

/** The catalog's categories, in the order the filters list them; `uncategorised` is the default. */
export const CATEGORIES = [
  'brakes',
  'filters',
  'ignition',
  'engine',
  'electrical',
  'suspension',
  'cooling',
  'fuel',
  'exhaust',
  'transmission',
  'lighting',
  'uncategorised',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'uncategorised';

/** How `/parts` orders its results; relevance only for a search. */
export const CATALOG_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const categoryLabel = (category: string): string =>
  category === 'uncategorised'
    ? 'Uncategorised'
    : category.charAt(0).toUpperCase() + category.slice(1);

/** Model years the catalog accepts: the first cars to well past today. */
export const YEAR_MIN = 1950;
export const YEAR_MAX = 2035;

/** Bounds that keep one part (and one request) small. */
/** Older part numbers of ours one part may replace. */
export const MAX_SUPERSEDED_NUMBERS = 20;
export const MAX_OEM_NUMBERS = 30;
export const MAX_SPECS = 40;
export const MAX_FITMENTS = 200;
export const MAX_SEARCH_LENGTH = 100;
export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 60;
/** Pages beyond this are refused: nobody reads page 500, and deep offsets cost the database. */
export const CATALOG_MAX_PAGE = 400;
/** The home page's Our Collection, and the default page of the spec's `GET /api/parts`. */
export const HOME_PARTS = 9;
export const SUGGESTION_COUNT = 8;

/** A part number: letters, digits and dashes (what staff type, what customers search). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/;
/** OEM numbers as printed (spaces, dots and dashes between the characters). */
export const OEM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .-]{1,39}$/;
/** OEM numbers are stored and compared without spaces, dots or dashes, upper-case. */
export const normalisePartNumber = (value: string): string =>
  value.replace(/[\s.-]+/g, '').toUpperCase();
