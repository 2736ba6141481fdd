import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { addressAllowed, addressProblem, guardedLookup } from './destination.js';

const strict = { allowLocalHttp: false };
const dev = { allowLocalHttp: true };

describe('webhook destinations', () => {
  it('refuse loopback, private, link-local, metadata and mapped addresses unless allowed for development', () => {
    for (const url of [
      'http://127.0.0.1:4000/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.9/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'http://example.com/hook',
      'ftp://example.com/hook',
      'https://user:pass@example.com/hook',
    ])
      expect(addressProblem(url, strict), url).toBeDefined();
    expect(addressProblem('https://example.com/hook', strict)).toBeUndefined();
    expect(addressProblem('https://93.184.215.14/hook', strict)).toBeUndefined();
    // The development setting opens loopback over http, and nothing else.
    expect(addressProblem('http://127.0.0.1:4000/hook', dev)).toBeUndefined();
    for (const url of ['http://10.0.0.1/hook', 'https://169.254.169.254/', 'http://example.com/'])
      expect(addressProblem(url, dev), url).toBeDefined();
    expect(addressAllowed('::ffff:127.0.0.1', dev)).toBe(true);
    expect(addressAllowed('::ffff:169.254.169.254', dev)).toBe(false);
  });

  it('refuse a name that resolves to a private address, at connection time', async () => {
    const lookup = guardedLookup(strict, async (name) =>
      name === 'inside.example'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: '93.184.215.14', family: 4 }],
    );
    const resolve = (name: string) =>
      new Promise<string>((ok, fail) =>
        lookup(name, {}, (err, address) => (err ? fail(err) : ok(String(address)))),
      );
    await expect(resolve('inside.example')).rejects.toThrow(/private or local/);
    await expect(resolve('outside.example')).resolves.toBe('93.184.215.14');
  });

  it('never allow local http in production: the configuration refuses to start', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_LOCAL_HTTP/);
    expect(
      loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_LOCAL_HTTP: 'true' }).webhooks,
    ).toMatchObject({
      allowLocalHttp: true,
    });
  });
});
