/*
 * PostgreSQL array literals, each sent as one parameter whatever its length: the planner sees the
 * array's size (unlike a JSON record set), and a 20,000-row batch stays one statement.
 */

/** Ids that come from the database (uuids): nothing to quote. */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;

/** Whole numbers, null as NULL. */
export const intArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}}`;

/** Text, each item quoted, quotes and backslashes escaped. */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
