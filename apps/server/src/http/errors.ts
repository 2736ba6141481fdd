import type { ApiErrorBody } from '@storefront/contract';

/**
 * An expected failure: becomes a 4xx answer with its own code and message, never a crash. It
 * carries no stack trace: a refusal (sold out, too many orders) is an answer, not a bug, and
 * capturing the stack was a large share of a refused order's CPU.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (`Retry-After` on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { error: this.code, message: this.message, fields: this.fields }
      : { error: this.code, message: this.message };
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this') =>
  new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError(401, 'UNAUTHORIZED', message);
