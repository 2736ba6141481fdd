import type { z } from 'zod';
import { AppError } from './errors.js';

/** Parses with a contract schema; a failure is a 400 naming each bad field, like route schemas. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError(
    400,
    'VALIDATION_FAILED',
    result.error.issues[0]?.message ?? 'Invalid request',
    fields,
  );
}
