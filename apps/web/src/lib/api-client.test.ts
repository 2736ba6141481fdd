import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_KEY_STORAGE_NAME } from '@storefront/contract';
import { api, ApiError, setAccessKeyRenewer } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessKeyRenewer(null);
});

describe('api client', () => {
  it('prefixes /api and sends the stored access key only on authorized calls', async () => {
    localStorage.setItem(ACCESS_KEY_STORAGE_NAME, 'k1');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/parts');
    await api('/purchase', { auth: true });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[0]).toBe('/api/parts');
    expect((calls[0]?.[1].headers as Record<string, string>).Authorization).toBeUndefined();
    expect((calls[1]?.[1].headers as Record<string, string>).Authorization).toBe('Bearer k1');
  });

  it('turns an error body into a typed ApiError with its fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          error: 'VALIDATION_FAILED',
          message: 'Address is required',
          fields: { address: 'Address is required' },
        }),
      ),
    );
    const error = await api('/purchase', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Address is required',
      fields: { address: 'Address is required' },
    });
  });

  it('says the shop is unreachable when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/parts')).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('renews an expired key once and retries', async () => {
    localStorage.setItem(ACCESS_KEY_STORAGE_NAME, 'old');
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { error: 'UNAUTHORIZED', message: 'expired' }))
      .mockResolvedValueOnce(json(200, [1]));
    vi.stubGlobal('fetch', fetchMock);
    setAccessKeyRenewer(async () => {
      localStorage.setItem(ACCESS_KEY_STORAGE_NAME, 'new');
      return true;
    });
    expect(await api('/purchase', { auth: true })).toEqual([1]);
    const second = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((second[1].headers as Record<string, string>).Authorization).toBe('Bearer new');
  });
});
