import { z } from 'zod';
import { tooLong } from './common.js';

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

export const categoryLabel = (category: string): string =>
  category === 'uncategorised'
    ? 'Uncategorised'
    : category.charAt(0).toUpperCase() + category.slice(1);

/** Model years the catalog accepts: the first cars to well past today. */
export const YEAR_MIN = 1950;
export const YEAR_MAX = 2035;

/** Bounds that keep one part (and one request) small. */
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
const OEM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .-]{1,39}$/;
/** OEM numbers are stored and compared without spaces, dots or dashes, upper-case. */
export const normalisePartNumber = (value: string): string =>
  value.replace(/[\s.-]+/g, '').toUpperCase();

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));

export const yearField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(YEAR_MIN, `${label} must be ${YEAR_MIN} or later`)
    .max(YEAR_MAX, `${label} must be ${YEAR_MAX} or earlier`);

export const PartSpec = z.object({
  name: shortText('Specification name', 60),
  value: shortText('Specification value', 200),
});
export type PartSpec = z.infer<typeof PartSpec>;

export const Fitment = z
  .object({
    make: shortText('Make', 40),
    model: shortText('Model', 60),
    yearFrom: yearField('First year'),
    yearTo: yearField('Last year'),
  })
  .refine((f) => f.yearFrom <= f.yearTo, {
    path: ['yearTo'],
    message: 'The last year cannot be before the first year',
  });
export type Fitment = z.infer<typeof Fitment>;

/** The customer's vehicle: one make, model and year. */
export const Vehicle = z.object({
  make: shortText('Make', 40),
  model: shortText('Model', 60),
  year: yearField('Year'),
});
export type Vehicle = z.infer<typeof Vehicle>;

export const MyVehicleResponse = z.object({ vehicle: Vehicle.nullable() });
export type MyVehicleResponse = z.infer<typeof MyVehicleResponse>;
export const MyVehicleBody = z.object({ vehicle: Vehicle.nullable() });
export type MyVehicleBody = z.input<typeof MyVehicleBody>;

/** The catalog fields beside the spec's six; every one optional when adding a part. */
export const CatalogFields = z.object({
  sku: z
    .string({ error: 'Part number must be text' })
    .trim()
    .max(40, tooLong('Part number', 40))
    .refine((v) => v === '' || SKU_PATTERN.test(v), 'Part number: letters, digits and dashes only')
    .optional(),
  category: z.enum(CATEGORIES, { error: 'Unknown category' }).optional(),
  oemNumbers: z
    .array(
      z
        .string({ error: 'OEM number must be text' })
        .trim()
        .regex(OEM_PATTERN, 'OEM number: letters, digits, spaces, dots and dashes only'),
      { error: 'OEM numbers must be a list' },
    )
    .max(MAX_OEM_NUMBERS, `At most ${MAX_OEM_NUMBERS} OEM numbers`)
    .optional(),
  specs: z
    .array(PartSpec, { error: 'Specifications must be a list' })
    .max(MAX_SPECS, `At most ${MAX_SPECS} specifications`)
    .optional(),
  fitment: z
    .array(Fitment, { error: 'Fitment must be a list' })
    .max(MAX_FITMENTS, `At most ${MAX_FITMENTS} vehicles`)
    .optional(),
  featured: z.boolean({ error: 'Featured must be true or false' }).optional(),
});
export type CatalogFields = z.output<typeof CatalogFields>;
