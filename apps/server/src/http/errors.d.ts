import type { ApiErrorBody } from '@storefront/contract';
/** An expected failure: becomes a 4xx answer with its own code and message, never a crash. */
export declare class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string> | undefined;
  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string> | undefined,
  );
  toBody(): ApiErrorBody;
}
export declare const notFound: (what?: string) => AppError;
export declare const forbidden: (message?: string) => AppError;
export declare const unauthorized: (message?: string) => AppError;
