import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@storefront/contract';
import { AppError } from './errors.js';

/**
 * Turns every failure into `{ error, message, fields? }`. Expected ones keep their status;
 * anything unexpected is logged in full and answered with a bland 500, never its details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(err.toBody());
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
