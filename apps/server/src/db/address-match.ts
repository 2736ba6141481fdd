import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A regular expression (PostgreSQL's flavour) that finds `email` as a whole address inside text:
 * not preceded by a character an address's local part may hold, and not followed by one its domain
 * may hold (nor by a dot that goes on into another label). `lice@example.com` is then not found in
 * `alice@example.com`, nor `bob@example.co` in `bob@example.com`, while the address at the end of
 * a sentence ("write to bob@example.com.") or inside JSON (`"to":"bob@example.com"`) is.
 *
 * Anything that selects a person's rows by an address inside free text (an erasure, an export)
 * goes through this: a contains-match lets anyone who registers a fragment of an address reach
 * the rows of every address that contains it.
 */
export function addressPattern(email: string): string {
  const literal = email.toLowerCase().replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);
  return `(?<![a-z0-9_.+-])${literal}(?![a-z0-9_-]|\\.[a-z0-9])`;
}

/** Whether the text of `column` (any type, read as text) names `email` as a whole address. */
export const mentionsAddress = (column: AnyColumn | SQL, email: string): SQL =>
  sql`${column}::text ~* ${addressPattern(email)}`;

/** `column`'s text with every whole occurrence of `email` replaced by `replacement`. */
export const replaceAddress = (column: AnyColumn | SQL, email: string, replacement: string): SQL =>
  sql`regexp_replace(${column}::text, ${addressPattern(email)}, ${replacement}, 'gi')`;
