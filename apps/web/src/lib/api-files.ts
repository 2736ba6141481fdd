import { accessKeyStore } from './access-key';
import type { ApiErrorBody } from '@storefront/contract';
import { ApiError, renewedAccessKey } from './api-client';

/*
 * Uploads that report their progress and downloads that keep the server's file name: apart from
 * api-client.ts, which every page loads, so only the pages that send or fetch files carry them.
 */

/** The name a `Content-Disposition: attachment; filename="…"` answer gives its file. */
const attachmentName = (header: string | null): string | null =>
  header ? (/filename="([^"]+)"/.exec(header)?.[1] ?? null) : null;

const unreachable = () =>
  new ApiError(0, 'NETWORK', 'We could not reach the shop. Check your connection and try again.');

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && 'error' in value && 'message' in value;

const withKey = (path: string) => {
  const key = accessKeyStore.get();
  return fetch(`/api${path}`, {
    headers: { Accept: 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    credentials: 'same-origin',
  }).catch(() => null);
};

/** A file from our API with the access key, and the name the server gave it (null if none). */
export async function apiDownload(path: string): Promise<{ blob: Blob; name: string | null }> {
  let response = await withKey(path);
  if (response?.status === 401 && (await renewedAccessKey())) response = await withKey(path);
  if (!response) throw unreachable();
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
  return {
    blob: await response.blob(),
    name: attachmentName(response.headers.get('content-disposition')),
  };
}

/** How much of an upload has been sent, 0 to 1. */
export type UploadProgress = (sent: number) => void;

/**
 * A form with files sent to our API, its upload's progress reported as it goes (fetch cannot
 * report it; XMLHttpRequest can). Answers and errors as `api()` gives them.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<T> {
  const once = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api${path}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const key = accessKeyStore.get();
      if (key) xhr.setRequestHeader('Authorization', `Bearer ${key}`);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(unreachable());
      xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  let answer = await once();
  if (answer.status === 401 && (await renewedAccessKey())) {
    options.onProgress?.(0);
    answer = await once();
  }
  let data: unknown;
  try {
    data = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    data = undefined;
  }
  if (answer.status < 200 || answer.status >= 300) {
    if (isErrorBody(data))
      throw new ApiError(answer.status, data.error, data.message, data.fields, data);
    throw new ApiError(
      answer.status,
      'HTTP_ERROR',
      answer.status === 413
        ? 'The file is too large for the shop to take.'
        : `The shop answered with an error (${answer.status}).`,
    );
  }
  return data as T;
}
