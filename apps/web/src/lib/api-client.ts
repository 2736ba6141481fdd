import type { ApiErrorBody } from '@storefront/contract';
import { accessKeyStore } from './access-key';

/** A non-2xx answer from our API, with the server's code, message and per-field texts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole answer, for refusals that carry more (the lines a checkout could not order). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a form with files (sent as multipart, with its own content type). */
  body?: unknown;
  /** Send the stored access key as a bearer token. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** Called once when an authorized call answers 401; resolves true when a fresh key was stored. */
let renewAccessKey: (() => Promise<boolean>) | null = null;
export const setAccessKeyRenewer = (fn: (() => Promise<boolean>) | null) => {
  renewAccessKey = fn;
};

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && 'error' in value && 'message' in value;

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.auth) {
    const key = accessKeyStore.get();
    if (key) headers.Authorization = `Bearer ${key}`;
  }
  return fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** Asks for a fresh access key after a 401 (lib/api-files.ts); true when one was stored. */
export const renewedAccessKey = async (): Promise<boolean> =>
  Boolean(renewAccessKey && (await renewAccessKey()));

/** A file from our API (an invoice), with the access key; errors as `ApiError`. */
export async function apiBlob(path: string): Promise<Blob> {
  let response = await send(path, { auth: true }).catch(() => null);
  if (response?.status === 401 && renewAccessKey && (await renewAccessKey()))
    response = await send(path, { auth: true }).catch(() => null);
  if (!response)
    throw new ApiError(
      0,
      'NETWORK',
      'We could not reach the shop. Check your connection and try again.',
    );
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as unknown;
    if (isErrorBody(data))
      throw new ApiError(response.status, data.error, data.message, data.fields);
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      `The shop answered with an error (${response.status}).`,
    );
  }
  return response.blob();
}

/** Every call to our API goes through here: JSON in and out, errors as `ApiError`. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
    if (response.status === 401 && options.auth && renewAccessKey && (await renewAccessKey())) {
      response = await send(path, options);
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'NETWORK',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data))
      throw new ApiError(response.status, data.error, data.message, data.fields, data);
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      `The shop answered with an error (${response.status}).`,
    );
  }
  return data as T;
}
