import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@storefront/contract';
import { hasPgCode, isForeignKeyViolation } from '../db/pg-errors.js';
import { AppError } from './errors.js';

/**
 * A busy moment in the database: a deadlock it broke, a lock it would not wait for, a
 * serialization failure. Nothing was written (the transaction rolled back), so the caller may
 * simply try again: a 409, never a 5xx.
 */
const BUSY_CODES = new Set(['40P01', '55P03', '40001']);
const isBusy = (err: unknown) => hasPgCode(err, BUSY_CODES);

/**
 * Turns every failure into `{ error, message, fields? }`. Expected ones keep their status;
 * anything unexpected is logged in full and answered with a bland 500, never its details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(err.toBody());
    }
    // A row referred to was removed meanwhile (an account deleted mid-request, say).
    if (isForeignKeyViolation(err)) {
      const body: ApiErrorBody = {
        error: 'CONFLICT',
        message: 'Something this request refers to no longer exists',
      };
      return reply.status(409).send(body);
    }
    if (isBusy(err)) {
      request.log.warn({ err }, 'database busy: answered 409 try again');
      const body: ApiErrorBody = { error: 'BUSY', message: 'The shop is busy: please try again.' };
      return reply.status(409).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = err.validation[0]?.message ?? 'Invalid request';
      const body: ApiErrorBody = { error: 'VALIDATION_FAILED', message: first, fields };
      return reply.status(400).send(body);
    }
    const e = err as FastifyError;
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      const body: ApiErrorBody = {
        error: e.statusCode === 429 ? 'RATE_LIMITED' : (e.code ?? 'BAD_REQUEST'),
        message:
          e.statusCode === 429 ? 'Too many requests, please try again in a minute' : e.message,
      };
      return reply.status(e.statusCode).send(body);
    }
    request.log.error({ err }, 'unhandled error');
    const body: ApiErrorBody = { error: 'INTERNAL', message: 'Something went wrong on our side' };
    return reply.status(500).send(body);
  });
}
