import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { apiUpload } from './api-files';

/** An XMLHttpRequest that reports its upload in two steps, then answers `status` with `body`. */
function fakeXhr(status: number, body: unknown) {
  const sent: { url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  class FakeXhr {
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    abort() {}
    send(form: unknown) {
      sent.body = form;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploads with progress', () => {
  it('sends the form with the access key and reports how much has gone', async () => {
    localStorage.setItem('accessKey', 'key-1');
    const sent = fakeXhr(202, { id: 'job-1' });
    const progress: number[] = [];
    const form = new FormData();
    const answer = await apiUpload<{ id: string }>('/staff/imports', form, {
      onProgress: (p) => progress.push(p),
    });
    expect(answer).toEqual({ id: 'job-1' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toMatchObject({
      url: '/api/staff/imports',
      headers: { Authorization: 'Bearer key-1' },
      body: form,
    });
  });

  it("turns the server's refusal into an ApiError with its words", async () => {
    fakeXhr(413, { error: 'FILE_TOO_LARGE', message: 'catalog.csv is over 100 MB' });
    const refusal = await apiUpload('/staff/imports', new FormData()).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'catalog.csv is over 100 MB',
    });
  });
});
