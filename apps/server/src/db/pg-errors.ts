/*
 * PostgreSQL's error codes, as both drivers surface them: on the error itself (pg) or on its
 * cause (Drizzle wraps PGlite's and pg's errors in queries it built).
 */

/** Whether a database error (or the error it wraps) carries one of these SQLSTATEs. */
export function hasPgCode(err: unknown, codes: ReadonlySet<string> | string): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } | null } | null;
  if (typeof e !== 'object' || e === null) return false;
  const matches = (code: unknown) =>
    typeof codes === 'string' ? code === codes : codes.has(String(code));
  return matches(e.code) || (typeof e.cause === 'object' && matches(e.cause?.code));
}

/** A unique index refused the row (two writers raced for one key). */
export const isUniqueViolation = (err: unknown): boolean => hasPgCode(err, '23505');

/** A row referred to was removed meanwhile. */
export const isForeignKeyViolation = (err: unknown): boolean => hasPgCode(err, '23503');
