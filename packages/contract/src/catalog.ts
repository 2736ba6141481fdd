import { z } from 'zod';
import { optionalText } from './common.js';
import { MAX_PRICE } from './constants.js';
import {
  CATALOG_MAX_PAGE,
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  CATEGORIES,
  Fitment,
  HOME_PARTS,
  MAX_SEARCH_LENGTH,
  PartSpec,
  yearField,
} from './catalog-fields.js';
import { CATALOG_SORTS } from './catalog-constants.js';
import { PartResponse } from './parts.js';

const year = yearField;

/** A part with its catalog data: what the part page and the browse page show. */
export const CatalogPart = PartResponse.extend({
  sku: z.string(),
  category: z.enum(CATEGORIES),
  oemNumbers: z.array(z.string()),
  /** Our older part numbers this part replaces. */
  supersededNumbers: z.array(z.string()),
  specs: z.array(PartSpec),
  fitment: z.array(Fitment),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogPart = z.infer<typeof CatalogPart>;

/**
 * A card in a list: the spec's part, its number and category, and whether it fits the vehicle. A
 * card adds its part's minimum to the cart, which the quantity rule always allows (at the part's
 * own price: volume prices start above the minimum), so it carries no pack size, maximum or ladder.
 */
export const CatalogCard = PartResponse.omit({
  packSize: true,
  maxOrderQuantity: true,
  priceTiers: true,
}).extend({
  sku: z.string(),
  category: z.enum(CATEGORIES),
  /** Null when no vehicle was given; otherwise whether the part fits it. */
  fits: z.boolean().nullable(),
  /**
   * The part's vehicle rows that match the vehicle it is marked against (or the filter's whole
   * vehicle), with their positions and notes ("Front", "Not for sport suspension"), at most
   * three; left out when no vehicle was given.
   */
  vehicleFitment: z.array(Fitment).optional(),
});
export type CatalogCard = z.infer<typeof CatalogCard>;

const optionalNumber = (label: string, max: number) =>
  z
    .union([z.literal(''), z.coerce.number({ error: `${label} must be a number` })])
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z.number().min(0, `${label} cannot be negative`).max(max, `${label} is too large`).optional(),
    )
    .optional();

/** Filters, sort and page of `/parts` (and of its API): all optional, all in the address. */
export const CatalogQuery = z.object({
  q: optionalText('Search', MAX_SEARCH_LENGTH),
  category: z.enum(CATEGORIES, { error: 'Unknown category' }).optional(),
  make: optionalText('Make', 40),
  model: optionalText('Model', 60),
  year: z
    .union([z.literal(''), year('Year')])
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  minPrice: optionalNumber('Lowest price', MAX_PRICE),
  maxPrice: optionalNumber('Highest price', MAX_PRICE),
  inStock: z
    .enum(['true', 'false', '1', '0', ''], { error: 'In stock is true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** The vehicle to mark cards against, without filtering by it (`fitsMake` etc.). */
  fitsMake: optionalText('Make', 40),
  fitsModel: optionalText('Model', 60),
  fitsYear: z
    .union([z.literal(''), year('Year')])
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  sort: z.enum(CATALOG_SORTS, { error: 'Unknown sort' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Pages start at 1')
    .max(CATALOG_MAX_PAGE, `At most ${CATALOG_MAX_PAGE} pages`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(CATALOG_MAX_PAGE_SIZE, `At most ${CATALOG_MAX_PAGE_SIZE} parts a page`)
    .default(CATALOG_PAGE_SIZE),
});
export type CatalogQuery = z.input<typeof CatalogQuery>;
export type CatalogFilters = z.output<typeof CatalogQuery>;

export const FacetValue = z.object({ value: z.string(), label: z.string(), count: z.number() });
export type FacetValue = z.infer<typeof FacetValue>;

export const PRICE_BANDS = [
  { min: 0, max: 10 },
  { min: 10, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 250 },
  { min: 250, max: null },
] as const;

export const CatalogFacets = z.object({
  categories: z.array(FacetValue),
  makes: z.array(FacetValue),
  /** Models of the chosen make; empty until a make is chosen. */
  models: z.array(FacetValue),
  prices: z.array(
    z.object({ min: z.number(), max: z.number().nullable(), label: z.string(), count: z.number() }),
  ),
  inStock: z.number(),
});
export type CatalogFacets = z.infer<typeof CatalogFacets>;

export const CatalogPage = z.object({
  items: z.array(CatalogCard),
  /** Parts matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  facets: CatalogFacets,
  /** Set when the search was exactly one part's number: the client goes straight to it. */
  exactMatch: z.object({ id: z.string(), sku: z.string() }).nullable(),
});
export type CatalogPage = z.infer<typeof CatalogPage>;

export const SuggestQuery = z.object({ q: optionalText('Search', MAX_SEARCH_LENGTH) });
export type SuggestQuery = z.input<typeof SuggestQuery>;

export const Suggestion = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  /** The public price, only when the caller's `price` is lower (decision 061). */
  listPrice: z.number().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestResponse = z.object({
  items: z.array(Suggestion),
  /** The part whose SKU or OEM number is exactly the text typed. */
  exactMatch: z.object({ id: z.string(), sku: z.string() }).nullable(),
});
export type SuggestResponse = z.infer<typeof SuggestResponse>;

export const VehicleModel = z.object({
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
});
export const VehicleMake = z.object({ make: z.string(), models: z.array(VehicleModel) });
export const VehicleListResponse = z.array(VehicleMake);
export type VehicleListResponse = z.infer<typeof VehicleListResponse>;

export const PartPageReview = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
/** The public part page's data: the part and its reviews. */
export const PartPageResponse = z.object({
  part: CatalogPart,
  reviews: z.array(PartPageReview),
});
export type PartPageResponse = z.infer<typeof PartPageResponse>;

/** `idOrSku` in a part page's address: a UUID or a part number. */
export const PartRefParams = z.object({ idOrSku: z.string() });

/** The spec's `GET /api/parts`, a page at a time (defaults: the home page's nine). */
export const PartListQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Pages start at 1')
    .max(10_000, 'Page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1)
    .max(CATALOG_MAX_PAGE_SIZE, `At most ${CATALOG_MAX_PAGE_SIZE} parts a page`)
    .default(HOME_PARTS),
});
export type PartListQuery = z.input<typeof PartListQuery>;
