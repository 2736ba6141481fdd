import { z } from 'zod';
import { messages } from './messages.js';

// zod otherwise probes `new Function` once, which a strict Content-Security-Policy reports.
z.config({ jitless: true });

/** Spec: letters, digits and _ . + - before @, then domain, dot, suffix. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const Email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((value) => value.toLowerCase());

/** Digits with the usual separators, optionally international; what a phone field may hold. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{5,30}$/;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/**
 * An id in a path. Ids are UUIDs; anything else can never name a row, so the server answers 404
 * for it before the route runs (every path parameter is checked against its endpoint's schema).
 */
export const PathId = z.string().regex(UUID_PATTERN, 'Not an id');

export const IdParams = z.object({ id: PathId });
export type IdParams = z.infer<typeof IdParams>;

/** What a too-long field says: the limit, in words. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Required text: missing or blank says the spec's "… is required", anything that is not text
 * says so, and too long says the limit.
 */
export const requiredText = (label: string, requiredMessage: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? requiredMessage : `${label} must be text`),
    })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLong(label, max));

/** Optional text: empty is allowed; the wrong type or too long says what is wrong. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .optional();

/**
 * A number from a form field or JSON: blank is missing (the spec's "… is required"), text that is
 * not a number says so.
 */
export const requiredNumber = (label: string, requiredMessage: string) =>
  z.preprocess(
    (value) => {
      if (value === null) return undefined;
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? undefined : Number(value);
    },
    z.number({
      error: (issue) => (issue.input === undefined ? requiredMessage : `${label} must be a number`),
    }),
  );
