import { z } from 'zod';
import { json, type Endpoint } from './endpoint.js';
import { LineProblemResponse } from './cart.js';
import {
  PARSE_STATUSES,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_ROWS,
} from './quick-order-parse.js';

export * from './quick-order-parse.js';

const cell = (name: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${name} must be text` })
    .transform((v) => String(v))
    .refine((v) => v.length <= max, `${name} is too long`);

/**
 * What the buyer pasted or uploaded (`text`), or rows the grid already holds (`rows`, after the
 * buyer fixed some): the server reads both with the same parser.
 */
export const QuickOrderBody = z.union(
  [
    z.object({
      text: z
        .string({ error: 'The list must be text' })
        // Characters, not bytes: the parser refuses past 256 KB of UTF-8 with its own words.
        .max(
          QUICK_ORDER_MAX_BYTES,
          `A quick order takes at most ${QUICK_ORDER_MAX_BYTES / 1024} KB of text`,
        ),
    }),
    z.object({
      rows: z
        .array(
          z.object({
            partNumber: cell('Part number', 200),
            quantity: cell('Quantity', 200),
            reference: cell('Reference', 1000).optional(),
            /** The row's line in what was first pasted, kept through edits. */
            line: z
              .number({ error: 'Line must be a number' })
              .int('Line must be a whole number')
              .min(1, 'Line must be at least 1')
              .max(1_000_000, 'Line is too large')
              .optional(),
          }),
          { error: 'Rows must be a list' },
        )
        .min(1, 'There are no rows')
        .max(QUICK_ORDER_MAX_ROWS, `A quick order takes at most ${QUICK_ORDER_MAX_ROWS} rows`),
    }),
  ],
  { error: 'Send the pasted list as `text`, or the rows as `rows`' },
);
export type QuickOrderBody = z.input<typeof QuickOrderBody>;

/** A row's status, in the order a buyer reads them: one code, one sentence in words. */
export const QUICK_ROW_STATUSES = [
  'FOUND',
  'UNKNOWN_NUMBER',
  'SEVERAL_MATCHES',
  'ARCHIVED',
  'BELOW_MINIMUM',
  'NOT_PACK_MULTIPLE',
  'ABOVE_MAXIMUM',
  'ABOVE_STOCK',
  ...PARSE_STATUSES.filter((s) => s !== 'OK'),
] as const;
export type QuickRowStatus = (typeof QUICK_ROW_STATUSES)[number];

/** The status as the grid's column says it (never colour alone). */
export const QUICK_ROW_STATUS_WORDS: Record<QuickRowStatus, string> = {
  FOUND: 'Ready',
  UNKNOWN_NUMBER: 'Unknown number',
  SEVERAL_MATCHES: 'Several matches',
  ARCHIVED: 'No longer sold',
  BELOW_MINIMUM: 'Below the minimum',
  NOT_PACK_MULTIPLE: 'Not a whole number of packs',
  ABOVE_MAXIMUM: 'Above the maximum',
  ABOVE_STOCK: 'More than in stock',
  NO_PART_NUMBER: 'No part number',
  BAD_PART_NUMBER: 'Not a part number',
  NO_QUANTITY: 'No quantity',
  NOT_A_NUMBER: 'Not a number',
  REFERENCE_TOO_LONG: 'Reference too long',
};

export const QuickOrderPart = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  url: z.string(),
  /** The buyer's unit price at the part's minimum (a contract price for a company buyer). */
  unitPrice: z.number(),
  /** The public price at the minimum, only when the buyer's is lower (decision 061). */
  listPrice: z.number().optional(),
  mOrderQuantity: z.number().int(),
  packSize: z.number().int(),
  maxOrderQuantity: z.number().int().nullable(),
  availableQuantity: z.number().int(),
  archived: z.boolean(),
  /** How the row's number found it: our part number, an older number of ours it replaces, or one of its OEM numbers. */
  matchedBy: z.enum(['sku', 'superseded', 'oem']),
  /** "matched OEM 04E115561H" (the OEM number as stored), or null for our own number. */
  matchedOem: z.string().nullable(),
  /** "A123 is replaced by A123-B": the older number the row named, or null. */
  replaces: z.string().nullable(),
});
export type QuickOrderPart = z.infer<typeof QuickOrderPart>;

/** The fix a row offers as a button: set the quantity, pick a match, or remove the row. */
export const QuickOrderFix = z.object({
  kind: z.enum(['quantity', 'pick', 'remove']),
  action: z.string(),
  quantity: z.number().int().nullable(),
});
export type QuickOrderFix = z.infer<typeof QuickOrderFix>;

export const QuickOrderRow = z.object({
  line: z.number().int(),
  partNumber: z.string(),
  quantity: z.number().int().nullable(),
  quantityText: z.string(),
  reference: z.string(),
  status: z.enum(QUICK_ROW_STATUSES),
  /** The status in words, then what is wrong (e.g. "Sold in packs of 10: 40 or 50?"). */
  statusText: z.string(),
  message: z.string(),
  part: QuickOrderPart.nullable(),
  /** Every live part the number names, when it names several (pick one). */
  matches: z.array(QuickOrderPart),
  /** Pieces of the part already in the buyer's cart, and the line's total once this row is added. */
  inCart: z.number().int(),
  totalAfter: z.number().int().nullable(),
  /** The unit price at that total (its volume price, from `priceStepAfter` pieces, or the part's). */
  unitPriceAfter: z.number().nullable(),
  /** The public unit price at that total, only when the buyer's is lower (decision 061). */
  publicUnitPriceAfter: z.number().optional(),
  priceStepAfter: z.number().int().nullable(),
  problems: z.array(LineProblemResponse),
  fix: QuickOrderFix.nullable(),
});
export type QuickOrderRow = z.infer<typeof QuickOrderRow>;

export const QuickOrderResponse = z.object({
  rows: z.array(QuickOrderRow),
  ready: z.number().int(),
  attention: z.number().int(),
});
export type QuickOrderResponse = z.infer<typeof QuickOrderResponse>;

/** "18 ready, 3 need attention" */
export const quickOrderSummary = (ready: number, attention: number): string =>
  `${ready} ready, ${attention} ${attention === 1 ? 'needs' : 'need'} attention`;

export const quickOrderEndpoints = {
  resolveQuickOrder: {
    method: 'POST',
    path: '/api/quick-order/resolve',
    tag: 'Cart',
    summary:
      'Read a pasted list of part numbers and quantities, and check every row; writes nothing',
    description:
      'Each row is found by our part number or an OEM number (in one query), checked with the ' +
      "cart's rule (minimum, packs, maximum, stock, no longer sold) against what the caller's " +
      'cart already holds, and answered with its status in words and its fix. Adding goes through ' +
      '`POST /api/cart/merge`. More than 500 rows or 256 KB is refused with 400.',
    access: 'customer',
    body: QuickOrderBody,
    errors: [400],
    answers: { 200: json('Every row, found and checked', QuickOrderResponse) },
  },
} as const satisfies Record<string, Endpoint>;
