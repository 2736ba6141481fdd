import { z } from 'zod';
import { tooLong } from './common.js';

export * from './catalog-constants.js';
import {
  CATEGORIES,
  MAX_FITMENTS,
  MAX_OEM_NUMBERS,
  MAX_SPECS,
  MAX_SUPERSEDED_NUMBERS,
  OEM_PATTERN,
  SKU_PATTERN,
  YEAR_MAX,
  YEAR_MIN,
} from './catalog-constants.js';

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

/** Optional words beside a vehicle; absent is empty. */
const optionalWords = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .default('');

export const Fitment = z
  .object({
    make: shortText('Make', 40),
    model: shortText('Model', 60),
    yearFrom: yearField('First year'),
    yearTo: yearField('Last year'),
    /** Where on the vehicle: "Front", "Rear left". */
    position: optionalWords('Position', 40),
    /** A short note shown with the vehicle. */
    note: optionalWords('Note', 200),
  })
  .refine((f) => f.yearFrom <= f.yearTo, {
    path: ['yearTo'],
    message: 'The last year cannot be before the first year',
  });
export type Fitment = z.infer<typeof Fitment>;
/** A vehicle as a writer may give it: position and note may be left out. */
export type FitmentInput = Omit<Fitment, 'position' | 'note'> & {
  position?: string;
  note?: string;
};

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
  /** Our older part numbers this part replaces ("A123 is replaced by A123-B"). */
  supersededNumbers: z
    .array(
      z
        .string({ error: 'Superseded number must be text' })
        .trim()
        .min(1, 'Superseded number is empty')
        .max(40, tooLong('Superseded number', 40))
        .regex(SKU_PATTERN, 'Superseded number: letters, digits and dashes only'),
      { error: 'Superseded numbers must be a list' },
    )
    .max(MAX_SUPERSEDED_NUMBERS, `At most ${MAX_SUPERSEDED_NUMBERS} superseded numbers`)
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
